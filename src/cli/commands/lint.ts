import type { Command } from 'commander';

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description(
      'flag inflated claims, instructions aimed at the model, task-word lists, copied tool output, limits dropped since the parent version, missing purpose or guidance, and excessive length; exit 1 on any error or warning',
    )
    .argument('<ref>', 'version id (or unique prefix) or descriptions file')
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .option('--json', 'print JSON')
    .action(async (ref: string, flags: { db?: string; json?: boolean }) => {
      const { fileSource, isFileReference, lintSubject, versionSource } = await import('../../../experiments/review/sources.ts');
      const { lintAgainstParents } = await import('../../../experiments/review/lint/lint.ts');
      const { lintReport, renderLintReport } = await import('../../../experiments/review/lint/render-lint.ts');
      let source;
      // a stored version is also compared with its parents (removed limits) and its server's recorded results (copied output)
      let subject: ReturnType<typeof lintSubject> = { parents: [], toolResults: [] };
      if (isFileReference(ref)) {
        source = fileSource(ref);
      } else {
        const store = (await import('../store.ts')).openStoreForReading(flags.db);
        try {
          source = versionSource(store, ref);
          subject = lintSubject(store, source.label);
        } finally {
          store.close();
        }
      }
      const flagged = lintAgainstParents(
        source.descriptions,
        subject.parents.map((p) => p.descriptions),
        subject.toolResults,
      );
      const report = lintReport(source.label, source.descriptions, flagged, {
        parents: subject.parents.map((p) => p.id),
        toolResults: subject.toolResults.length,
      });
      process.stdout.write(flags.json ? `${JSON.stringify(report)}\n` : renderLintReport(report));
      if (report.problems > 0) process.exitCode = 1;
    });
}
