// `tdo experiment`'s options, declared once (cli/option-table.ts). An experiment is not resumed; each of its runs
// stores the suite run settings (traces/run-settings.ts) at the paths given.
import { AGENTS_ENTRY_FORMS } from '../../src/index.ts';
import { commaList, modelClientSpecs, positiveInt, share, sharedSpec, spendCapSpecs, cassetteSpecs, storeSpecs } from '../options.ts';
import { storedAt, valueOption, worded, type FlagsOf } from '../option-table.ts';
import { runAgentSetting, runColumn, runOption, runSetting } from '../stored-key.ts';

export const EXPERIMENT_OPTIONS = {
  suite: storedAt(sharedSpec.suites(), runColumn('suitePath')),
  version: storedAt(
    sharedSpec.version('description versions, comma-separated (or the flag repeated); the first is the baseline'),
    runOption.derived('versionIds'),
  ),
  /** the old spelling of --version */
  versions: valueOption<string[]>('--versions <ids>', '', { parse: commaList, default: [], hidden: true }),
  repeat: storedAt(
    valueOption('--repeat <n>', 'attempts per task and version (3 by default: one attempt per task rarely separates two versions)', {
      parse: positiveInt,
      default: 3,
    }),
    runOption.copied('repeats'),
  ),
  condition: storedAt(sharedSpec.condition('suite conditions, applied to each suite that declares them'), runOption.copied('conditions')),
  agent: storedAt(sharedSpec.agent(), runSetting.derived('agent')),
  agents: sharedSpec.agents(
    `measure every version with each of several agents instead of --agent: ${AGENTS_ENTRY_FORMS}, comma-separated; the reports add a versions x agents table`,
  ),
  model: storedAt(sharedSpec.model(), runAgentSetting.derived('model')),
  maxSteps: storedAt(sharedSpec.maxSteps(), runAgentSetting.derived('maxSteps')),
  toolSearch: storedAt(sharedSpec.toolSearch(), runOption.derived('toolSearch')),
  toolSearchK: storedAt(sharedSpec.toolSearchK(), runOption.derived('toolSearch')),
  ...modelClientSpecs(),
  // an experiment is not resumed: a capped one is run again, the answers already paid for taken from the response cache
  ...spendCapSpecs(
    'the experiment stops taking new work (episodes in flight finish) with everything recorded, and exits 130; run it again with a raised cap, which starts its runs anew and takes the model answers they repeat from the response cache (unless --no-cache)',
  ),
  ...cassetteSpecs(),
  seed: storedAt(sharedSpec.seed(), runOption.copied('seed')),
  concurrency: storedAt(sharedSpec.concurrency(), runOption.copied('concurrency')),
  out: valueOption('--out <dir>', 'report directory (default reports/experiment-<time>)'),
  threshold: valueOption(
    '--threshold <x>',
    "a version regresses when its success rate is more than X below the first version's with 95% confidence (the upper end of the change's interval below -X)",
    { parse: share, default: 0 },
  ),
  maxErrorRate: sharedSpec.maxErrorRate(),
  ...storeSpecs(),
  json: worded(sharedSpec.json(), 'print report.json to stdout instead of the summary'),
  queue: sharedSpec.queue(),
};

export type ExperimentFlags = FlagsOf<typeof EXPERIMENT_OPTIONS>;
