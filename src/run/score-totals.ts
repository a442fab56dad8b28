import type { SuiteRunStore } from './store-port.ts';

export interface ScoreTotal {
  /** Episodes that recorded this score. */
  episodes: number;
  sum: number;
}

/** Every score name recorded in the run, summed over its episodes (a resumed run included); summed by the store. */
export function scoreTotals(store: Pick<SuiteRunStore, 'scoreTotals'>, runId: string): Record<string, ScoreTotal> {
  return Object.fromEntries(store.scoreTotals(runId).map(({ name, episodes, sum }) => [name, { episodes, sum }]));
}
