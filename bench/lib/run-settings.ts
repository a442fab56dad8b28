// The kind and settings of the suite runs benchmarks record by hand (traces/run-settings.ts reads them).
import type { KindAndSettings } from '../../traces/index.ts';

export const BENCH_SUITE_RUN: Extract<KindAndSettings, { kind: 'suite' }> = {
  kind: 'suite',
  settings: { options: { split: 'all', repeats: 1, seed: 0, concurrency: 1, versionIds: [] }, agent: { kind: 'sim' } },
};
