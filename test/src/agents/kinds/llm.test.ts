import { describe, expect, it } from 'vitest';
import { llmKind } from '../../../../src/agents/kinds/llm.ts';
import type { ChatModel } from '../../../../src/models/chat-client.ts';
import { isTdoError } from '../../../../src/errors.ts';

const chat = (model: string): ChatModel => ({ model, complete: () => Promise.reject(new Error('no call in this test')) });

function refusal(settings: Parameters<typeof llmKind.check>[0]): string | undefined {
  try {
    llmKind.check(settings);
  } catch (err) {
    return isTdoError(err, 'input') ? err.message : String(err);
  }
  return undefined;
}

describe('the LLM agent kind', () => {
  it('builds an agent on the model its settings name, which is the model it calls', () => {
    expect(llmKind.create({ model: 'gpt-4o', maxSteps: 3 }, chat).id).toBe('llm:gpt-4o');
    expect(llmKind.agentId({ model: 'gpt-4o' })).toBe('llm:gpt-4o');
    expect(llmKind.models({ model: 'gpt-4o' })).toEqual(['gpt-4o']);
  });

  it('refuses a persona and a missing model with what to fix', () => {
    expect(refusal({ model: 'm', persona: 'qwen2-5-7b' })).toBe('a persona applies to the sim agent only (--agent sim:NAME)');
    expect(refusal({})).toBe('--agent llm needs --model NAME (e.g. --model gpt-4o-mini)');
    expect(() => llmKind.create({}, chat)).toThrow(/needs --model/);
  });

  it("runs on a worker only on the operator's model and within its steps", () => {
    expect(llmKind.workerRefusal({ model: 'm' }, { maxSteps: 8 })).toMatch(/^this worker runs no LLM agent/);
    expect(llmKind.workerRefusal({ model: 'other' }, { model: 'm', maxSteps: 8 })).toMatch(
      /^its LLM agent's model "other" is not the one this worker runs \(m,/,
    );
    expect(llmKind.workerRefusal({ model: 'm' }, { model: 'm', maxSteps: 4 })).toMatch(/^its LLM agent may make 8 model calls per episode, more than the 4/);
    expect(llmKind.workerRefusal({ model: 'm', maxSteps: 4 }, { model: 'm', maxSteps: 4 })).toBeUndefined();
    expect(llmKind.workerConfig({ model: 'm' })).toBe('agent.model "m"');
  });
});
