// The defaults of a new search, in one place: `tdo optimize`'s options (cli/tables/optimize.ts) and the demo's two
// searches (experiments/demo/overconfident.ts) take them from here; the seed's and --concurrency's are every
// command's (cli/options.ts).
import { DEFAULT_MINIBATCH } from '../engine/config.ts';

export const OPTIMIZE_DEFAULTS = {
  target: 'success',
  /** finishes in well under a minute with the sim agent and proposer on the lab suite */
  budget: 300,
  minibatch: DEFAULT_MINIBATCH,
  parallelIterations: 1,
  merge: false,
  componentChoice: 'attribution',
  selector: 'pareto',
  reflection: true,
} as const;
