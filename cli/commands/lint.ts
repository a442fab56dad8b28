import type { Command } from 'commander';
import { sharedOption, type JsonFlag, type StoreFlags } from '../options.ts';

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description(
      'flag inflated claims, instructions aimed at the model, task-word lists, copied tool output, limits dropped since the parent version, missing purpose or guidance, and excessive length; exit 1 on any error or warning',
    )
    .argument('<ref>', 'version id (or unique prefix) or descriptions file')
    .addOption(sharedOption.db())
    .addOption(sharedOption.config())
    .addOption(sharedOption.json())
    .action(async (ref: string, flags: StoreFlags & JsonFlag) => {
      const { fileSource, isFileReference, lintSubject, versionSource } = await import('../../experiments/index.ts');
      const { lintAgainstParents, lintReport, renderLintReport } = await (await import('../../experiments/index.ts')).loadReview();
      let source;
      // a stored version is also compared with its parents (removed limits) and its server's recorded results (copied output)
      let subject: ReturnType<typeof lintSubject> = { parents: [], toolResults: [] };
      if (isFileReference(ref)) {
        source = fileSource(ref);
      } else {
        const { withStore } = await import('../context.ts');
        source = await withStore(flags, { mode: 'read' }, ({ store }) => {
          const version = versionSource(store, ref);
          subject = lintSubject(store, version.label);
          return version;
        });
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
      process.stdout.write(flags.json ? (await import('../../src/index.ts')).toJsonText(report) : renderLintReport(report));
      if (report.problems > 0) process.exitCode = (await import('../errors.ts')).EXIT.failure;
    });
}
