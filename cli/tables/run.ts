// `tdo run`'s options, declared once (cli/option-table.ts); the stored paths are in a suite run's settings (traces/run-settings.ts).
import { choice, modelClientSpecs, positiveInt, sharedSpec, spendCapSpecs, cassetteSpecs, storeSpecs } from '../options.ts';
import { fixed, storedAt, valueOption, type FlagsOf } from '../option-table.ts';

export const RUN_OPTIONS = {
  suite: fixed(sharedSpec.suite(), 'runs.suite_path'),
  agent: fixed(sharedSpec.agent(), 'settings.agent'),
  model: fixed(sharedSpec.model(), 'settings.agent.model'),
  version: fixed(sharedSpec.version('description version to substitute (repeatable or comma-separated, one per server)'), 'settings.options.versionIds'),
  // the suite schema's SPLITS plus all, written out: this file loads with every command and must stay light
  split: fixed(
    valueOption('--split <split>', 'train, val, test, paraphrase or all (every task)', {
      parse: choice(['train', 'val', 'test', 'paraphrase', 'all'] as const),
      default: 'all',
    }),
    'settings.options.split',
  ),
  repeat: fixed(valueOption('--repeat <n>', 'attempts per task', { parse: positiveInt, default: 1 }), 'settings.options.repeats'),
  seed: fixed(sharedSpec.seed(), 'settings.options.seed'),
  concurrency: storedAt(sharedSpec.concurrency(), 'settings.options.concurrency'),
  maxSteps: fixed(sharedSpec.maxSteps(), 'settings.agent.maxSteps'),
  toolSearch: fixed(sharedSpec.toolSearch(), 'settings.options.toolSearch'),
  toolSearchK: fixed(sharedSpec.toolSearchK(), 'settings.options.toolSearch'),
  ...modelClientSpecs(),
  ...spendCapSpecs(),
  ...cassetteSpecs(),
  json: sharedSpec.json(),
  resume: valueOption('--resume <runId>', 'continue an interrupted run with its own settings, skipping finished episodes'),
  condition: fixed(
    sharedSpec.condition("suite conditions, e.g. limit_in=token,injection=on (repeatable; the suite's defaults fill the rest)"),
    'settings.options.conditions',
  ),
  maxErrorRate: sharedSpec.maxErrorRate(),
  queue: sharedSpec.queue(),
  ...storeSpecs(),
};

export type RunFlags = FlagsOf<typeof RUN_OPTIONS>;
