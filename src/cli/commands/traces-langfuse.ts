import { InvalidArgumentError, type Command } from 'commander';
import { choice } from '../options.ts';

export interface TracesExportFlags {
  langfuse?: boolean;
  run?: string;
  db?: string;
}

export interface TracesImportFlags {
  from: 'langfuse';
  session?: string;
  since?: Date;
  db?: string;
  json?: boolean;
}

function date(value: string): Date {
  const parsed = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(parsed.getTime())) throw new InvalidArgumentError('expected a date such as 2026-11-29 or 2026-11-29T08:00:00Z.');
  return parsed;
}

/** `tdo traces export --langfuse` and `tdo traces import --from langfuse`; the SDK loads only when used. */
export function registerLangfuseTraces(traces: Command): void {
  traces
    .command('export')
    .description('send a recorded run to Langfuse again; the same ids make Langfuse update, never duplicate')
    .option('--langfuse', 'send to Langfuse (LANGFUSE_PUBLIC_KEY, LANGFUSE_SECRET_KEY, LANGFUSE_BASE_URL)')
    .option('--run <id>', 'the run to send (default: the newest run)')
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .action(async (flags: TracesExportFlags) => {
      const { exportToLangfuse } = await import('../actions/traces-langfuse.ts');
      await exportToLangfuse(flags);
    });

  traces
    .command('import')
    .description('read episodes recorded elsewhere back from Langfuse into the trace store, as imported runs')
    .requiredOption('--from <source>', 'where to read: langfuse', choice(['langfuse'] as const))
    .option('--session <runId>', 'only the episodes of this run (its Langfuse session)')
    .option('--since <date>', 'only episodes that started at or after this date (ISO 8601)', date)
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .option('--json', 'print the import report as JSON')
    .action(async (flags: TracesImportFlags) => {
      const { importFromLangfuseCommand } = await import('../actions/traces-langfuse.ts');
      await importFromLangfuseCommand(flags);
    });
}
