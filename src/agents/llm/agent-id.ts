/** The LLM agent's id: `llm:MODEL`, the model it calls. */
const LLM_AGENT_ID = 'llm';

export function llmAgentId(model: string): string {
  return `${LLM_AGENT_ID}:${model}`;
}

/** Whether a recorded agent id is an LLM agent's. */
export function isLlmAgentId(id: string): boolean {
  return id.startsWith(`${LLM_AGENT_ID}:`);
}
