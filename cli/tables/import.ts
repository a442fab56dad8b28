// `tdo import`'s options, declared once (cli/option-table.ts).
import { sharedSpec, storeSpecs } from '../options.ts';
import { required, switchOption, valueOption, type FlagsOf } from '../option-table.ts';

export const IMPORT_OPTIONS = {
  server: required(valueOption('--server <name>', 'the server the descriptions are for (as the suite names it)')),
  parent: valueOption('--parent <version>', 'the version it was edited from (default: the stored version it shares most text with)'),
  newServer: switchOption('--new-server', 'the server has no versions yet (no run has connected it): record the file as its first version'),
  ...storeSpecs(),
  json: sharedSpec.json(),
};

export type ImportFlags = FlagsOf<typeof IMPORT_OPTIONS>;
