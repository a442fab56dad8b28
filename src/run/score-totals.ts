import type { SuiteRunStore } from './store-port.ts';

export interface ScoreTotal {
  /** Episodes that recorded this score. */
  episodes: number;
  sum: number;
}

/** Every score name recorded in the run, summed over its episodes (a resumed run included). */
export function scoreTotals(store: Pick<SuiteRunStore, 'listEpisodes' | 'getTrajectory'>, runId: string): Record<string, ScoreTotal> {
  const totals: Record<string, ScoreTotal> = {};
  for (const episode of store.listEpisodes({ runId })) {
    for (const score of store.getTrajectory(episode.id)?.scores ?? []) {
      const total = (totals[score.name] ??= { episodes: 0, sum: 0 });
      total.episodes++;
      total.sum += score.value;
    }
  }
  return totals;
}
