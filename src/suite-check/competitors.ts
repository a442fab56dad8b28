import type { Suite } from '../suite/schema.ts';

/**
 * The suite's servers other than `server`, which compete with it for the agent's first choices. With none, a
 * selection target measures nothing: every first choice is `server`'s, so the seed already scores 1.
 */
export function selectionCompetitors(suite: Suite, server: string): string[] {
  return suite.servers.map((s) => s.name).filter((name) => name !== server);
}
