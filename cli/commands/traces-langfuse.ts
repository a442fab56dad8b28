import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { TRACES_EXPORT_OPTIONS, TRACES_IMPORT_OPTIONS, type TracesExportFlags, type TracesImportFlags } from '../tables/traces-langfuse.ts';

/** `tdo traces export --langfuse` and `tdo traces import --from langfuse`; the SDK loads only when used. */
export function registerLangfuseTraces(traces: Command): void {
  const exporting = traces.command('export').description('send a recorded run to Langfuse again; the same ids make Langfuse update, never duplicate');
  addTable(exporting, TRACES_EXPORT_OPTIONS);
  exporting.action(async (flags: TracesExportFlags) => {
    const { exportToLangfuse } = await import('../actions/traces-langfuse.ts');
    await exportToLangfuse(flags);
  });

  const importing = traces.command('import').description('read episodes recorded elsewhere back from Langfuse into the trace store, as imported runs');
  addTable(importing, TRACES_IMPORT_OPTIONS);
  importing.action(async (flags: TracesImportFlags) => {
    const { importFromLangfuseCommand } = await import('../actions/traces-langfuse.ts');
    await importFromLangfuseCommand(flags);
  });
}
