import type { Command } from 'commander';
import { choice, isoDate, sharedOption, type JsonFlag, type StoreFlags } from '../options.ts';

export interface TracesExportFlags extends StoreFlags, JsonFlag {
  langfuse?: boolean;
  run?: string;
}

/** Which episodes to read back from Langfuse. */
export interface LangfuseQueryFlags {
  session?: string;
  since?: Date;
}

export interface TracesImportFlags extends LangfuseQueryFlags, StoreFlags, JsonFlag {
  from: 'langfuse';
}

/** `tdo traces export --langfuse` and `tdo traces import --from langfuse`; the SDK loads only when used. */
export function registerLangfuseTraces(traces: Command): void {
  traces
    .command('export')
    .description('send a recorded run to Langfuse again; the same ids make Langfuse update, never duplicate')
    .option('--langfuse', 'send to Langfuse (LANGFUSE_PUBLIC_KEY, LANGFUSE_SECRET_KEY, LANGFUSE_BASE_URL)')
    .option('--run <id>', 'the run to send (default: the newest run)')
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .addOption(sharedOption.json())
    .action(async (flags: TracesExportFlags) => {
      const { exportToLangfuse } = await import('../actions/traces-langfuse.ts');
      await exportToLangfuse(flags);
    });

  traces
    .command('import')
    .description('read episodes recorded elsewhere back from Langfuse into the trace store, as imported runs')
    .requiredOption('--from <source>', 'where to read: langfuse', choice(['langfuse'] as const))
    .option('--session <runId>', 'only the episodes of this run (its Langfuse session)')
    .option('--since <date>', 'only episodes that started at or after this date (ISO 8601)', isoDate)
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .addOption(sharedOption.json('print the import report as JSON'))
    .action(async (flags: TracesImportFlags) => {
      const { importFromLangfuseCommand } = await import('../actions/traces-langfuse.ts');
      await importFromLangfuseCommand(flags);
    });
}
