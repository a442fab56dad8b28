// The settings of a suite run, for tests that record runs by hand: what `tdo run` stores for a sim agent on val.
import type { KindAndSettings } from '../../traces/index.ts';

export const SUITE_RUN: Extract<KindAndSettings, { kind: 'suite' }> = {
  kind: 'suite',
  settings: { options: { split: 'val', repeats: 1, seed: 0, concurrency: 1, versionIds: [] }, agent: { kind: 'sim' } },
};
