import { describe, expect, it } from 'vitest';
import { isLlmAgentId, llmAgentId } from '../../../../src/agents/llm/agent-id.ts';

describe('LLM agent ids', () => {
  it('name the model after llm:', () => {
    expect(llmAgentId('gpt-4o')).toBe('llm:gpt-4o');
    expect(isLlmAgentId('llm:gpt-4o')).toBe(true);
    for (const id of ['sim', 'sim:qwen2-5-7b', 'llm', 'llmx:a']) expect(isLlmAgentId(id)).toBe(false);
  });
});
