// `tdo traces list` and `tdo traces show`'s options, declared once (cli/option-table.ts); export and import are in
// cli/tables/traces-langfuse.ts.
import { positiveInt, sharedSpec, storeSpecs } from '../options.ts';
import { switchOption, valueOption, type FlagsOf } from '../option-table.ts';

export const TRACES_LIST_OPTIONS = {
  run: valueOption('--run <id>', 'only this run'),
  failed: switchOption('--failed', 'only failed episodes'),
  errored: switchOption('--errored', 'only errored episodes: outages (model endpoint, MCP server), with their cause', { conflicts: ['failed'] }),
  limit: valueOption('--limit <n>', 'at most this many', { parse: positiveInt, default: 50 }),
  ...storeSpecs(),
  json: sharedSpec.json(),
};

export const TRACES_SHOW_OPTIONS = {
  ...storeSpecs(),
  json: sharedSpec.json(),
};

export type TracesListFlags = FlagsOf<typeof TRACES_LIST_OPTIONS>;
export type TracesShowFlags = FlagsOf<typeof TRACES_SHOW_OPTIONS>;
