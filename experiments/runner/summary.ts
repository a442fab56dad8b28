import Table from 'cli-table3';
import type { ModelSpendTotals } from '../../traces/index.ts';
import { interval, share, tableStyle } from '../format.ts';
import { answerSentences, changeCell, lintSentences, measuresChoice, ONE_SERVER_NOTE, paraphraseCells, scoreColumns, taskCounts } from './columns.ts';
import type { ExperimentReport } from './run-experiment.ts';
import { costCell, showsSpend, versionSpend } from './spend-cells.ts';
import { counted } from '../../src/index.ts';

/** The terminal view: per suite, one compact row per version (the full table is in the reports). */
export function renderExperimentSummary(report: ExperimentReport): string {
  const out: string[] = [...answerSentences(report), ...lintSentences(report), ''];
  for (const suite of report.suites) {
    const paraphrase = suite.paraphrase !== undefined;
    const errored = suite.results.some((r) => r.errors > 0);
    const scores = scoreColumns(report, suite);
    const roles = report.versions.some((v) => v.role !== undefined);
    const spend = showsSpend(report);
    const choice = measuresChoice(suite);
    const head = [
      'version',
      ...(roles ? ['role'] : []),
      'success [95% CI]',
      'Δ vs first [95% CI]',
      ...(paraphrase ? ['paraphrase [95% CI]', 'Δ paraphrase [95% CI]'] : []),
      ...(choice ? ['first-choice share', 'used server'] : []),
      'precision',
      'recall',
      'calls/ep',
      'desc. tokens',
      ...(spend ? ['model tokens', 'cost'] : []),
      ...scores.map((c) => c.head),
      ...(errored ? ['errored'] : []),
    ];
    const table = new Table({ style: tableStyle(), head });
    for (const r of suite.results) {
      const c = suite.comparisons.find((x) => x.version === r.versionId);
      table.push([
        r.versionId,
        ...(roles ? [report.versions.find((v) => v.id === r.versionId)?.role ?? ''] : []),
        interval(r.success, 0),
        c === undefined ? 'baseline' : `${changeCell(c)}${c.regressed ? ' ✖' : ''}`,
        ...(paraphrase ? paraphraseCells(suite, r.versionId, (p) => interval(p, 0)) : []),
        ...(choice ? [share(r.firstChoiceShare), share(r.usedServer)] : []),
        r.precision === null ? '–' : r.precision.toFixed(2),
        r.recall === null ? '–' : r.recall.toFixed(2),
        r.toolCallsPerEpisode.toFixed(2),
        r.tokens,
        ...(spend ? modelSpendCells(versionSpend(suite, r.versionId)) : []),
        ...scores.map((c) => c.cell(r, false)),
        ...(errored ? [`${r.errors}/${r.episodes}`] : []),
      ]);
    }
    out.push(`suite ${suite.suite} (${taskCounts(suite)} x ${report.settings.repeats})`, table.toString());
    for (const c of suite.comparisons) {
      const p = suite.paraphrase?.comparisons.find((x) => x.version === c.version);
      out.push(
        `  ${c.version}: better on ${counted(c.better.length, 'task')}, worse on ${c.worse.length}${p === undefined ? '' : `; paraphrase: better on ${p.better.length}, worse on ${p.worse.length}`}`,
      );
    }
    if (paraphrase) out.push('  paraphrase: the same needs worded differently, beside test; not part of the verdict');
    if (!choice) out.push(`  ${ONE_SERVER_NOTE}`);
  }
  return `${out.join('\n')}\n`;
}

/** The terminal's compact pair: tokens in and out together, and the cost or "price unknown" (the models are in the reports). */
function modelSpendCells(spend: ModelSpendTotals): [string, string] {
  return [String(spend.tokensIn + spend.tokensOut), spend.cost === null ? 'price unknown' : costCell(spend)];
}
