import { describe, expect, it } from 'vitest';
import {
  AGENT_KIND_NAMES,
  AGENT_KINDS,
  agentConfigSchema,
  agentFromEntry,
  agentFromFlag,
  agentIdOf,
  agentModels,
  describeAgent,
  isSimulatedAgentId,
} from '../../../../src/agents/kinds/agent-kinds.ts';
import { configSchema } from '../../../../src/config/schema.ts';

describe('AGENT_KINDS, the one list of agent kinds', () => {
  it('is what a run stores, the config names and a job carries', () => {
    expect(AGENT_KIND_NAMES).toEqual(['sim', 'llm']);
    expect(agentConfigSchema.shape.kind.options).toEqual(AGENT_KIND_NAMES);
    for (const kind of AGENT_KIND_NAMES) expect(configSchema.parse({ agent: { kind } }).agent?.kind).toBe(kind);
    expect(configSchema.safeParse({ agent: { kind: 'gpt' } }).success).toBe(false);
  });

  it('reads back stored settings with kind first, as runs have stored them', () => {
    expect(Object.keys(agentConfigSchema.parse({ maxSteps: 3, model: 'm', kind: 'llm' }))).toEqual(['kind', 'model', 'maxSteps']);
    expect(agentConfigSchema.safeParse({ kind: 'gpt' }).success).toBe(false);
  });

  it('reads --agent values and --agents entries through the kind that names them', () => {
    expect(agentFromFlag('sim')).toEqual({ kind: 'sim' });
    expect(agentFromFlag('sim:qwen2-5-7b')).toEqual({ kind: 'sim', persona: 'qwen2-5-7b' });
    expect(agentFromFlag('llm')).toEqual({ kind: 'llm' });
    for (const value of ['sim:', 'llm:gpt-4o', 'gpt', '']) expect(agentFromFlag(value)).toBeUndefined();
    expect(agentFromEntry('sim')).toEqual({ kind: 'sim' });
    expect(agentFromEntry('sim:qwen2-5-7b')).toEqual({ kind: 'sim', persona: 'qwen2-5-7b' });
    expect(agentFromEntry('llm:gpt-4o')).toEqual({ kind: 'llm', model: 'gpt-4o' });
    for (const entry of ['llm', 'llm:', 'sim:', 'gpt']) expect(agentFromEntry(entry)).toBeUndefined();
  });

  it('knows an agent id before the agent is built, and the models every agent calls', () => {
    expect(agentIdOf({ kind: 'sim', persona: 'qwen2-5-7b' })).toBe('sim:qwen2-5-7b');
    expect(agentIdOf({ kind: 'llm', model: 'gpt-4o' })).toBe('llm:gpt-4o');
    expect(agentModels([{ kind: 'sim' }, { kind: 'llm', model: 'a' }, { kind: 'sim', persona: 'qwen2-5-7b' }, { kind: 'llm', model: 'b' }])).toEqual([
      'a',
      'b',
    ]);
  });

  it('marks a recorded id of a simulated kind in every label, and leaves an id of no known kind as it is', () => {
    expect(isSimulatedAgentId('sim:qwen2-5-7b')).toBe(true);
    expect(describeAgent('sim')).toBe('sim (simulated selection model, not an LLM)');
    expect(describeAgent('sim:qwen2-5-7b')).toBe("sim:qwen2-5-7b (simulated selection model fitted to Qwen_Qwen2.5-7B-Instruct-FC's choices, not an LLM)");
    for (const id of ['llm:gpt-4o', 'imported-agent', 'simple']) {
      expect(isSimulatedAgentId(id)).toBe(false);
      expect(describeAgent(id)).toBe(id);
    }
  });

  it.each(AGENT_KIND_NAMES)('gives %s an id of its own kind and a worker answer', (name) => {
    const kind = AGENT_KINDS[name];
    const settings = name === 'llm' ? { model: 'm' } : {};
    expect(kind.ownsAgentId(kind.agentId(settings))).toBe(true);
    expect(kind.simulated).toBe(kind.models(settings).length === 0);
    expect(kind.workerRefusal(settings, { model: 'm', maxSteps: 8 })).toBeUndefined();
  });
});
