// A search's settings on lab as the tests write them: `tdo optimize`'s defaults with the sim agent and proposer,
// each test overriding what it is about, so that a setting is named in one place (optimizer/search/settings.ts).
import type { OptimizeSettings } from '../../optimizer/search/settings.ts';

export function labSearchSettings(overrides: Partial<OptimizeSettings> = {}): OptimizeSettings {
  return {
    server: 'lab',
    target: 'success',
    budget: 60,
    minibatch: 3,
    merge: false,
    randomSeed: 0,
    componentChoice: 'attribution',
    selector: 'pareto',
    reflection: true,
    concurrency: 4,
    agent: { kind: 'sim' },
    proposer: { kind: 'sim' },
    ...overrides,
  };
}
