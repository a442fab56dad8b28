// `tdo init`'s options, declared once (cli/option-table.ts).
import { sharedSpec } from '../options.ts';
import { required, switchOption, valueOption, worded, type FlagsOf } from '../option-table.ts';

export const INIT_OPTIONS = {
  server: required(valueOption('--server <name>', 'a name for the server (letters, digits, _ and -); alone, a server tdo.config.json already defines')),
  url: valueOption('--url <url>', 'a running server over Streamable HTTP, instead of a command'),
  force: switchOption('--force', 'overwrite suites/NAME.yaml when it exists'),
  json: worded(sharedSpec.json(), 'print what was written as one JSON object'),
};

export type InitFlags = FlagsOf<typeof INIT_OPTIONS>;
