// `tdo traces export` and `tdo traces import`'s options, declared once (cli/option-table.ts).
import { choice, isoDate, sharedSpec } from '../options.ts';
import { required, switchOption, valueOption, worded, type FlagsOf } from '../option-table.ts';

export const TRACES_EXPORT_OPTIONS = {
  langfuse: switchOption('--langfuse', 'send to Langfuse (LANGFUSE_PUBLIC_KEY, LANGFUSE_SECRET_KEY, LANGFUSE_BASE_URL)'),
  run: valueOption('--run <id>', 'the run to send (default: the newest run)'),
  db: sharedSpec.db(),
  config: sharedSpec.config(),
  json: sharedSpec.json(),
};

export const TRACES_IMPORT_OPTIONS = {
  from: required(valueOption('--from <source>', 'where to read: langfuse', { parse: choice(['langfuse'] as const) })),
  session: valueOption('--session <runId>', 'only the episodes of this run (its Langfuse session)'),
  since: valueOption('--since <date>', 'only episodes that started at or after this date (ISO 8601)', { parse: isoDate }),
  db: sharedSpec.db(),
  config: sharedSpec.config(),
  json: worded(sharedSpec.json(), 'print the import report as JSON'),
};

export type TracesExportFlags = FlagsOf<typeof TRACES_EXPORT_OPTIONS>;
export type TracesImportFlags = FlagsOf<typeof TRACES_IMPORT_OPTIONS>;
/** Which episodes to read back from Langfuse (traces import, optimize --traces langfuse). */
export type LangfuseQueryFlags = Pick<TracesImportFlags, 'session' | 'since'>;
