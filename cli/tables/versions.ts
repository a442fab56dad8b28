// `tdo versions`'s options, declared once (cli/option-table.ts).
import { sharedSpec, storeSpecs } from '../options.ts';
import { valueOption, type FlagsOf } from '../option-table.ts';

export const VERSIONS_OPTIONS = {
  server: valueOption('--server <name>', 'only versions of this server'),
  ...storeSpecs(),
  json: sharedSpec.json(),
};

export type VersionsFlags = FlagsOf<typeof VERSIONS_OPTIONS>;
