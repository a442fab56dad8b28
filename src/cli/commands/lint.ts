import type { Command } from 'commander';

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description('flag inflated claims, instructions aimed at the model, missing purpose or guidance, and excessive length; exit 1 on any error or warning')
    .argument('<ref>', 'version id (or unique prefix) or descriptions file')
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .option('--json', 'print JSON')
    .action(async (ref: string, flags: { db?: string; json?: boolean }) => {
      const { fileSource, isFileReference, versionSource } = await import('../../../experiments/review/sources.ts');
      const { lintDescriptions } = await import('../../../experiments/review/lint/lint.ts');
      const { lintReport, renderLintReport } = await import('../../../experiments/review/lint/render-lint.ts');
      let source;
      if (isFileReference(ref)) {
        source = fileSource(ref);
      } else {
        const store = (await import('../store.ts')).openStoreForReading(flags.db);
        try {
          source = versionSource(store, ref);
        } finally {
          store.close();
        }
      }
      const report = lintReport(source.label, source.descriptions, lintDescriptions(source.descriptions));
      process.stdout.write(flags.json ? `${JSON.stringify(report)}\n` : renderLintReport(report));
      if (report.problems > 0) process.exitCode = 1;
    });
}
