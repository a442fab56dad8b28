// The defaults of a new search, in one place: `tdo optimize`'s options (cli/tables/optimize.ts) and the demo's
// two searches (experiments/demo/overconfident.ts) take them from here.
import { DEFAULT_MINIBATCH } from '../engine/config.ts';

export const OPTIMIZE_DEFAULTS = {
  target: 'success',
  /** finishes in well under a minute with the sim agent and proposer on the lab suite */
  budget: 300,
  minibatch: DEFAULT_MINIBATCH,
  parallelIterations: 1,
  merge: false,
  seed: 0,
  componentChoice: 'attribution',
  selector: 'pareto',
  reflection: true,
  concurrency: 4,
} as const;
