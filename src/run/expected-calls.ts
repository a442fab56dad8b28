// How many model calls an LLM agent's episode is expected to take, from how the episode ends (src/run/episode.ts):
// the one count every estimate of a command's spend is built on.

/**
 * A selection-only task ends at the agent's first tool call (src/run/selection-only.ts), so one call; any other
 * task takes one call per reference-plan step and one for the answer. Under deferred loading (`toolSearch`) the
 * agent searches before it can call a tool, at least once: one call more.
 */
export function expectedAgentCalls(task: { plan: readonly unknown[]; stopAfterToolCall?: boolean }, toolSearch = false): number {
  return (task.stopAfterToolCall === true ? 1 : task.plan.length + 1) + (toolSearch ? 1 : 0);
}
