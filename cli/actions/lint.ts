// `tdo lint`: flags a version's or a file's descriptions; exit 1 on any error or warning.
import { toJsonText } from '../../src/index.ts';
import { fileSource, isFileReference, lintSubject, loadReview, versionSource } from '../../experiments/index.ts';
import { withStore } from '../context.ts';
import { EXIT } from '../errors.ts';
import type { LintFlags } from '../tables/lint.ts';

export async function lintCommand(ref: string, flags: LintFlags): Promise<void> {
  const { lintAgainstParents, lintReport, renderLintReport } = await loadReview();
  let source;
  // a stored version is also compared with its parents (removed limits) and its server's recorded results (copied output)
  let subject: ReturnType<typeof lintSubject> = { parents: [], toolResults: [] };
  if (isFileReference(ref)) {
    source = fileSource(ref);
  } else {
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
  process.stdout.write(flags.json ? toJsonText(report) : renderLintReport(report));
  if (report.problems > 0) process.exitCode = EXIT.failure;
}
