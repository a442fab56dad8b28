import { describe, expect, it } from 'vitest';
import { isSimAgentId, personaOf, simAgentId } from '../../../../src/agents/sim/agent-id.ts';

describe('sim agent ids', () => {
  it('name the persona after sim:, and count every persona as simulated', () => {
    expect(simAgentId()).toBe('sim');
    expect(simAgentId('qwen2-5-7b')).toBe('sim:qwen2-5-7b');
    expect(personaOf('sim:qwen2-5-7b')).toBe('qwen2-5-7b');
    expect(personaOf('sim')).toBeUndefined();
    expect(personaOf('llm:gpt-4o')).toBeUndefined();
    for (const id of ['sim', 'sim:qwen2-5-7b']) expect(isSimAgentId(id)).toBe(true);
    for (const id of ['llm:gpt-4o', 'simple', 'llm:sim']) expect(isSimAgentId(id)).toBe(false);
  });
});
