/** The sim agent's id: `sim` for the default persona, `sim:NAME` for a persona fitted to one real model (personas.ts). */
export const SIM_AGENT_ID = 'sim';

export function simAgentId(persona?: string): string {
  return persona === undefined ? SIM_AGENT_ID : `${SIM_AGENT_ID}:${persona}`;
}

/** Whether a recorded agent id is a sim's, of any persona: its results are simulated, never an LLM's. */
export function isSimAgentId(id: string): boolean {
  return id === SIM_AGENT_ID || id.startsWith(`${SIM_AGENT_ID}:`);
}

/** The persona an agent id (or an `--agent` value) names: undefined for `sim` itself and for any other agent. */
export function personaOf(id: string): string | undefined {
  return id.startsWith(`${SIM_AGENT_ID}:`) ? id.slice(SIM_AGENT_ID.length + 1) : undefined;
}
