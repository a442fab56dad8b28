// Why recorded episodes could not stand for the seed, in words: for an error and the report's summary line, apart
// from the selection (recorded-seed.ts) so that the CLI's renderer loads it without the trace store.

/** A recorded episode that could not stand for the seed, and why. */
export interface SkippedSeedEpisode {
  episodeId: string;
  taskId: string;
  reason: string;
}

/** "12 episodes: 10 in the val or test split, 2 ..." grouped by reason, for an error or a summary line. */
export function describeSkipped(skipped: readonly SkippedSeedEpisode[]): string {
  const byReason = new Map<string, number>();
  for (const s of skipped) {
    // Group "task X is in the val split" and similar by their shape, not by each task's name.
    const shape = s.reason.replace(/"[^"]*"/g, '"…"').replace(/version \S+; the seed is \S+\)/, 'version …)');
    byReason.set(shape, (byReason.get(shape) ?? 0) + 1);
  }
  return [...byReason].map(([reason, n]) => `${n} × ${reason}`).join('; ');
}
