// `tdo suite check`'s options, declared once (cli/option-table.ts); the command runs nothing, so nothing is stored.
import { positiveInt, sharedSpec, storeSpecs } from '../options.ts';
import { valueOption, type FlagsOf } from '../option-table.ts';

export const SUITE_CHECK_OPTIONS = {
  suite: sharedSpec.suite(),
  version: sharedSpec.version(
    "description version to check the suite against instead of a server's own (repeatable or comma-separated, one per server; see `tdo versions`)",
  ),
  server: valueOption('--server <name>', "the server whose tools are listed and balanced (default: the suite's target, else every server)"),
  agent: sharedSpec.agent('whose reading of the tools the check measures: sim or sim:PERSONA (llm: no reading is measured, and no model is called)'),
  repeat: valueOption('--repeat <n>', "attempts per task the run would make (the test split's reach counts them)", { parse: positiveInt, default: 1 }),
  json: sharedSpec.json(),
  ...storeSpecs(),
};

export type SuiteCheckFlags = FlagsOf<typeof SUITE_CHECK_OPTIONS>;
