// `tdo demo`'s options, declared once (cli/option-table.ts); the demo is not resumed and its defaults are its own
// (experiments/demo/defaults.ts says why).
import { AGENTS_ENTRY_FORMS } from '../../src/index.ts';
import { DEMO_DEFAULTS } from '../../experiments/index.ts';
import { positiveInt, searchAgentSpecs, sharedSpec, spendCapSpecs, storeSpecs } from '../options.ts';
import { valueOption, worded, type FlagsOf } from '../option-table.ts';

export const DEMO_OPTIONS = {
  budget: valueOption('--budget <n>', 'metric calls for each of the two optimize runs; with --agents, per agent (each search spends budget x agents)', {
    parse: positiveInt,
    default: DEMO_DEFAULTS.budget,
  }),
  seed: sharedSpec.seed('one seed for both searches and the experiment (docs/market.md, "The demo": why 2)', DEMO_DEFAULTS.seed),
  repeat: valueOption('--repeat <n>', 'experiment repeats per test task', { parse: positiveInt, default: DEMO_DEFAULTS.repeats }),
  concurrency: sharedSpec.concurrency('episodes in flight', DEMO_DEFAULTS.concurrency),
  agent: sharedSpec.agent('sim (offline selection model), sim:PERSONA (`tdo agents` lists them) or llm'),
  ...searchAgentSpecs({
    agents: `instead of --agent: ${AGENTS_ENTRY_FORMS}, comma-separated (e.g. sim:qwen2-5-32b,sim:qwen2-5-0-5b); each evaluates every candidate of both searches, and every row is measured and reported per agent`,
    objective: "with --agents, what the searches' winners maximize: mean (the agents' mean validation score) or worst (the worst agent's); default mean",
  }),
  // the demo is not resumed: a capped demo is run again, its searches and episodes answered from the response cache
  ...spendCapSpecs('the demo stops taking new work (episodes in flight finish) with everything recorded, and exits 130; run it again with a raised cap'),
  out: valueOption('--out <dir>', 'where the experiment reports go (default reports/demo-overconfident-<time>)'),
  queue: sharedSpec.queue(),
  ...storeSpecs(),
  json: worded(sharedSpec.json(), 'print one JSON object instead of the diff and table'),
};

export type DemoFlags = FlagsOf<typeof DEMO_OPTIONS>;
