// `tdo apply`'s options, declared once (cli/option-table.ts).
import { sharedSpec, storeSpecs } from '../options.ts';
import { valueOption, type FlagsOf } from '../option-table.ts';

export const APPLY_OPTIONS = {
  out: valueOption('--out <file>', 'write here instead of the file the server loads'),
  suite: sharedSpec.suite(
    "the suite whose server spec says how the server starts (default: the version's latest run, then tdo.config.json's server, then the shipped suites)",
  ),
  ...storeSpecs(),
  json: sharedSpec.json(),
};

export type ApplyFlags = FlagsOf<typeof APPLY_OPTIONS>;
