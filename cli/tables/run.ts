// `tdo run`'s options, declared once (cli/option-table.ts); the stored paths are in a suite run's settings (traces/run-settings.ts).
import { choice, modelClientSpecs, positiveInt, sharedSpec, spendCapSpecs, cassetteSpecs, storeSpecs } from '../options.ts';
import { fixed, storedAt, valueOption, type FlagsOf } from '../option-table.ts';
import { runAgentSetting, runColumn, runOption, runSetting } from '../stored-key.ts';

export const RUN_OPTIONS = {
  suite: fixed(sharedSpec.suite(), runColumn('suitePath')),
  agent: fixed(sharedSpec.agent(), runSetting.derived('agent')),
  model: fixed(sharedSpec.model(), runAgentSetting.derived('model')),
  version: fixed(sharedSpec.version('description version to substitute (repeatable or comma-separated, one per server)'), runOption.copied('versionIds')),
  // the suite schema's SPLITS plus all, written out: this file loads with every command and must stay light
  split: fixed(
    valueOption('--split <split>', 'train, val, test, paraphrase or all (every task)', {
      parse: choice(['train', 'val', 'test', 'paraphrase', 'all'] as const),
      default: 'all',
    }),
    runOption.copied('split'),
  ),
  repeat: fixed(valueOption('--repeat <n>', 'attempts per task', { parse: positiveInt, default: 1 }), runOption.copied('repeats')),
  seed: fixed(sharedSpec.seed(), runOption.copied('seed')),
  concurrency: storedAt(sharedSpec.concurrency(), runOption.copied('concurrency')),
  maxSteps: fixed(sharedSpec.maxSteps(), runAgentSetting.derived('maxSteps')),
  toolSearch: fixed(sharedSpec.toolSearch(), runOption.derived('toolSearch')),
  toolSearchK: fixed(sharedSpec.toolSearchK(), runOption.derived('toolSearch')),
  ...modelClientSpecs(),
  ...spendCapSpecs(),
  ...cassetteSpecs(),
  json: sharedSpec.json(),
  resume: valueOption('--resume <runId>', 'continue an interrupted run with its own settings, skipping finished episodes'),
  condition: fixed(
    sharedSpec.condition("suite conditions, e.g. limit_in=token,injection=on (repeatable; the suite's defaults fill the rest)"),
    runOption.copied('conditions'),
  ),
  maxErrorRate: sharedSpec.maxErrorRate(),
  queue: sharedSpec.queue(),
  ...storeSpecs(),
};

export type RunFlags = FlagsOf<typeof RUN_OPTIONS>;
