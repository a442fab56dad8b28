// A self-contained HTML report: tables and inline SVG charts, no script and nothing fetched.
import { escapeHtml, percent } from '../format.ts';
import { DIFF_CSS, diffSectionHtml } from '../review/render-diff.ts';
import * as columns from './columns.ts';
import type { ExperimentReport, SuiteResults } from './run-experiment.ts';
import { direction } from './answer.ts';
import { spendNote } from './spend-cells.ts';
import type { Comparison, VersionResult } from './statistics.ts';
import { barChartSvg, TONE_LEGEND, type Bar, type Tone } from './svg-chart.ts';
import { counted } from '../../src/index.ts';

/** In its own scrolling box, so a wide table never widens the page. */
export function tableHtml(t: columns.Table, cls: string): string {
  return `<div class="scroll"><table class="${cls}"><thead><tr>${t.head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${t.rows
    .map((r) => `<tr>${r.map((c) => `<td${c.includes('REGRESSION') ? ' class="regression"' : ''}>${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}

/** Success bars coloured by their change against the first version. */
export function successBars(results: readonly VersionResult[], comparisons: readonly Comparison[]): Bar[] {
  return results.map((r, i) => {
    const c = comparisons.find((x) => x.version === r.versionId);
    const tone: Tone =
      i === 0
        ? 'baseline'
        : c === undefined || c.success === null
          ? 'same'
          : { better: 'better' as const, worse: 'worse' as const, 'no detectable difference': 'same' as const }[direction(c.success)];
    return { label: r.versionId, value: r.success.rate, low: r.success.low, high: r.success.high, tone };
  });
}

function charts(suite: SuiteResults): string {
  const success = barChartSvg({
    title: 'Task success rate (95% Wilson interval)',
    bars: successBars(suite.results, suite.comparisons),
    max: 1,
    format: (v) => percent(v),
  });
  const paraphrase =
    suite.paraphrase === undefined
      ? ''
      : barChartSvg({
          title: 'Paraphrase success rate (95% Wilson interval)',
          bars: successBars(suite.paraphrase.results, suite.paraphrase.comparisons),
          max: 1,
          format: (v) => percent(v),
        });
  const firstChoice = !columns.measuresChoice(suite)
    ? ''
    : barChartSvg({
        title: "First-choice share of each version's server (95% interval)",
        bars: suite.results.map((r) => ({
          label: r.versionId,
          value: r.firstChoiceShare.rate,
          low: r.firstChoiceShare.low,
          high: r.firstChoiceShare.high,
          tone: 'neutral' as const,
        })),
        max: 1,
        format: (v) => percent(v),
      });
  const tokens = barChartSvg({
    title: 'Description tokens (o200k_base)',
    bars: suite.results.map((r) => ({ label: r.versionId, value: r.tokens, tone: 'neutral' as const })),
    max: Math.max(1, ...suite.results.map((r) => r.tokens)),
    format: (v) => String(v),
  });
  return `<div class="charts">${success}${paraphrase}${firstChoice}${tokens}</div><p class="muted">${escapeHtml(TONE_LEGEND)}</p>`;
}

export function suiteSection(report: ExperimentReport, suite: SuiteResults): string {
  const conds = Object.entries(suite.conditions)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  const changes = columns.taskChangeTable(suite);
  const changed = (c: { better: Array<{ taskId: string }>; worse: Array<{ taskId: string }> }, unit: boolean) =>
    `better on ${unit ? counted(c.better.length, 'task') : c.better.length}${c.better.length === 0 ? '' : ` (${escapeHtml(c.better.map((t) => t.taskId).join(', '))})`}, worse on ${c.worse.length}${c.worse.length === 0 ? '' : ` (${escapeHtml(c.worse.map((t) => t.taskId).join(', '))})`}`;
  const comparisons = suite.comparisons
    .map((c) => {
      const p = suite.paraphrase?.comparisons.find((x) => x.version === c.version);
      return `<li><b>${escapeHtml(c.version)}</b>: ${changed(c, true)}${p === undefined ? '' : `; paraphrase: ${changed(p, false)}`}</li>`;
    })
    .join('');
  return `<section class="suite"><h2>Suite ${escapeHtml(suite.suite)}</h2>
<p>${columns.taskCounts(suite)}${suite.targetServer === null ? '' : `, target server <b>${escapeHtml(suite.targetServer)}</b>`}${conds === '' ? '' : `, conditions ${escapeHtml(conds)}`}.</p>
${tableHtml(columns.versionTable(report, suite), 'results')}
${columns.measuresChoice(suite) ? '' : `<p class="muted">${escapeHtml(columns.ONE_SERVER_NOTE)}</p>`}
${charts(suite)}
${comparisons === '' ? '' : `<h3>Per-task changes against the first version</h3><ul>${comparisons}</ul>`}
${changes.rows.length === 0 ? '' : tableHtml(changes, 'tasks')}
</section>`;
}

/** One escaped paragraph per sentence. */
function paragraphs(sentences: readonly string[], cls?: string): string {
  return sentences.map((s) => `<p${cls === undefined ? '' : ` class="${cls}"`}>${escapeHtml(s)}</p>`).join('');
}

/** The report's title: its suites, and the versions' roles when they have them. */
function reportTitle(report: ExperimentReport): string {
  const roles = report.versions.some((v) => v.role !== undefined) ? ` (${report.versions.map((v) => v.role ?? v.id).join(' vs ')})` : '';
  return `tdo experiment: ${report.settings.suites.join(', ')}${roles}`;
}

export function renderExperimentHtml(report: ExperimentReport): string {
  return htmlPage(reportTitle(report), `<h1>tdo experiment</h1>\n${experimentBodyHtml(report)}`);
}

/** Everything under the report's heading: the answer, the verdict, each suite, the diffs (also `tdo view`'s experiment page). */
export function experimentBodyHtml(report: ExperimentReport): string {
  const s = report.settings;
  const conditions = Object.entries(s.conditions)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  const diffs = report.diffs.map((d) => `<h3>${escapeHtml(d.a.label)} → ${escapeHtml(d.b.label)}</h3>${diffSectionHtml(d)}`).join('\n');
  return `<div class="answer">${paragraphs(columns.answerSentences(report))}</div>
${paragraphs(columns.lintSentences(report), 'lint')}
<p class="${report.agent.simulated ? 'sim' : ''}">${escapeHtml(columns.agentSentence(report))}</p>
<p>Split ${escapeHtml(s.split)}${report.suites.some((x) => x.paraphrase !== undefined) ? ' (paraphrase beside it)' : ''} · ${counted(s.repeats, 'repeat')} · seed ${s.seed}${conditions === '' ? '' : ` · conditions ${escapeHtml(conditions)}`} · threshold ${s.threshold} · ${escapeHtml(report.createdAt)}</p>
<p class="verdict ${report.verdict}${columns.erroredEpisodes(report) > 0 ? ' with-errors' : ''}">${escapeHtml(columns.verdictSentence(report))}</p>
${report.suites.map((suite) => suiteSection(report, suite)).join('\n')}
${diffs === '' ? '' : `<section class="diffs"><h2>Description changes against the first version</h2>${diffs}</section>`}
<p class="muted">Intervals: 95% Wilson score intervals; differences: Newcombe's hybrid score interval.${columns.paraphraseNote(report) === '' ? '' : ` ${escapeHtml(columns.paraphraseNote(report))}`}${spendNote(report) === '' ? '' : ` ${escapeHtml(spendNote(report))}`} Trace database ${escapeHtml(report.db)}.</p>
`;
}

/**
 * The styles of the report's parts. A wide table scrolls in its box with its words whole: the page breaks long
 * words anywhere, which let a 20-column table shrink its cells to a letter a line.
 */
export const REPORT_PARTS_CSS = `svg.chart{max-width:100%;height:auto}.answer{font-size:1.1em;font-weight:600}.muted{color:#666}
table{border-collapse:collapse;margin:.8em 0}th,td{border:1px solid #ddd;padding:.3em .6em;text-align:left;vertical-align:top}th{background:#f5f5f5}
.scroll{overflow-x:auto;max-width:100%}.scroll table{overflow-wrap:normal}.scroll th,.scroll td{white-space:nowrap}
td.regression{background:#ffe0e0;font-weight:600}.verdict{padding:.6em 1em;border-radius:6px;background:#eef6ee}.verdict.regression{background:#fdeaea}.verdict.error,.verdict.interrupted,.verdict.with-errors{background:#fff1d6}
.sim{padding:.5em 1em;border-left:4px solid #e0a000;background:#fff8e0}.charts{display:flex;flex-wrap:wrap;gap:1.5em}
svg.chart text{font:12px system-ui,sans-serif;fill:#222}svg.chart .title{font-weight:600}svg.chart .axis{stroke:#999}svg.chart .ci{stroke:#222;stroke-width:1.5}
${DIFF_CSS}`;

/** The page every experiment report is: its own styles inline, nothing fetched. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:80em;padding:0 1em;color:#222;overflow-wrap:anywhere}
${REPORT_PARTS_CSS}
</style></head><body>
${body}
</body></html>
`;
}
