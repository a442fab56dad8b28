// The per-version table every report format shows, built once so Markdown and HTML cannot disagree.
import { changeWithInterval, interval, percent, points, share } from '../format.ts';
import type { ExperimentReport, SuiteResults } from './run-experiment.ts';
import { SCORE, type Proportion } from '../../src/index.ts';
import type { Comparison, VersionResult } from './statistics.ts';
import { costCell, showsSpend, tokensCell, versionSpend } from './spend-cells.ts';
import { counted } from '../../src/index.ts';

export interface Table {
  head: string[];
  rows: string[][];
}

/** A version's change in success against the first, with its interval; '–' when either had no judged episode. */
export function changeCell(c: Comparison): string {
  return c.success === null ? '–' : changeWithInterval(c.success);
}
const maybe = (x: number | null, f: (n: number) => string) => (x === null ? '–' : f(x));

/**
 * A version's success on the suite's paraphrase split and its change against the first version's, as table
 * cells ('–' when the split was not run for it, 'baseline' for the first). Never marked as a regression:
 * the verdict reads the test split only.
 */
export function paraphraseCells(suite: SuiteResults, versionId: string, interval: (p: Proportion) => string): [string, string] {
  const p = suite.paraphrase;
  const r = p?.results.find((x) => x.versionId === versionId);
  if (p === undefined || r === undefined) return ['–', '–'];
  const c = p.comparisons.find((x) => x.version === versionId);
  const delta = c === undefined ? (versionId === p.results[0]?.versionId ? 'baseline' : '–') : changeCell(c);
  return [interval(r.success), delta];
}

/** "22 test tasks" or "22 test tasks and 24 paraphrase tasks", for a suite's heading. */
export function taskCounts(suite: SuiteResults): string {
  return `${suite.tasks} test tasks${suite.paraphrase === undefined ? '' : ` and ${suite.paraphrase.tasks} paraphrase tasks`}`;
}

/** What the paraphrase split is, for the reports' notes; empty when no suite has one. */
export function paraphraseNote(report: ExperimentReport): string {
  return report.suites.some((s) => s.paraphrase !== undefined)
    ? 'Paraphrase: the same needs as the other tasks, every prompt and intent worded differently; run beside test with the same repeats, it shows whether a change carries over to other wording and is not part of the verdict.'
    : '';
}

/**
 * One score's column: a mean, or for a score recorded only as 1 when something happened (the market's
 * `chosen:<seller>`, whose mean is always 1.000) the share of judged episodes that recorded it.
 */
export interface ScoreColumn {
  name: string;
  head: string;
  cell: (r: VersionResult, detail: boolean) => string;
}

/** Deferred loading's columns (found@k and found@1 with their intervals, the mean rank when found, tokens loaded), then every other score's. */
export function scoreColumns(report: ExperimentReport, suite: SuiteResults): ScoreColumn[] {
  return [...deferredColumns(report, suite), ...otherScoreColumns(report, suite)];
}

function deferredColumns(report: ExperimentReport, suite: SuiteResults): ScoreColumn[] {
  if (!suite.results.some((r) => r.foundAtK !== null)) return [];
  return [
    { name: 'found_at_k', head: `found@${report.settings.toolSearch.k} [95% CI]`, cell: (r) => (r.foundAtK === null ? '–' : interval(r.foundAtK, 0)) },
    { name: 'ranked_first', head: 'found@1 [95% CI]', cell: (r) => (r.rankedFirst === null ? '–' : interval(r.rankedFirst, 0)) },
    { name: 'mean_rank_when_found', head: 'mean rank when found', cell: (r) => maybe(r.meanRankWhenFound, (x) => x.toFixed(2)) },
    {
      name: SCORE.loadedTokens,
      head: 'loaded tokens / episode (all tools)',
      cell: (r) => (r.loadedTokensPerEpisode === null ? '–' : `${r.loadedTokensPerEpisode.toFixed(0)} (${(r.allToolsTokens ?? 0).toFixed(0)})`),
    },
  ];
}

function otherScoreColumns(report: ExperimentReport, suite: SuiteResults): ScoreColumn[] {
  return report.scoreNames.map((name) => {
    const recorded = suite.results.flatMap((r) => (r.scores[name] === undefined ? [] : [r.scores[name]]));
    const indicator = recorded.length > 0 && recorded.every((x) => x.mean === 1);
    if (indicator) {
      return { name, head: `${name} (share of episodes)`, cell: (r) => (r.success.n === 0 ? '–' : percent((r.scores[name]?.episodes ?? 0) / r.success.n)) };
    }
    return {
      name,
      head: `${name} (mean, n)`,
      cell: (r, detail) => (r.scores[name] === undefined ? '–' : `${r.scores[name].mean.toFixed(3)}${detail ? ` (${r.scores[name].episodes})` : ''}`),
    };
  });
}

/** "seed · optimizer run r-1 (target selection)": a version's role in the experiment, when given, before its origin. */
export function versionLabel(report: ExperimentReport, versionId: string): string {
  const v = report.versions.find((x) => x.id === versionId);
  if (v === undefined) return '';
  return v.role === undefined ? v.origin : `${v.role} · ${v.origin}`;
}

/** Whether any version's runs offered another server to choose: on a one-server suite both shares are 100% and say nothing. */
export function measuresChoice(suite: SuiteResults): boolean {
  return suite.results.some((r) => r.firstChoiceShare.n > 0);
}

export const ONE_SERVER_NOTE = 'First-choice and used-server shares are left out: the suite offers one server, so every choice goes to it.';

export function versionTable(report: ExperimentReport, suite: SuiteResults): Table {
  const scores = scoreColumns(report, suite);
  const choice = measuresChoice(suite);
  const hasTarget = suite.results.some((r) => r.targetServerShares !== null);
  const spend = showsSpend(report);
  const head = [
    'version',
    report.versions.some((v) => v.role !== undefined) ? 'role · origin' : 'origin',
    'success [95% CI]',
    'Δ success vs first [95% CI]',
    ...(suite.paraphrase === undefined ? [] : ['paraphrase success [95% CI]', 'Δ paraphrase success vs first [95% CI]']),
    ...(choice ? ['first-choice share of its server [95% CI]', 'used server [95% CI]'] : []),
    ...(hasTarget ? [`${suite.targetServer}: first-choice share, used server`] : []),
    'tool precision',
    'tool recall',
    'tool calls / episode',
    'description tokens',
    ...(spend ? ['model tokens (all splits)', 'cost'] : []),
    ...scores.map((c) => c.head),
    'episodes',
    'run',
  ];
  const rows = suite.results.map((r) => {
    const c = suite.comparisons.find((x) => x.version === r.versionId);
    return [
      r.versionId,
      versionLabel(report, r.versionId),
      interval(r.success),
      c === undefined ? 'baseline' : `${changeCell(c)}${c.regressed ? ' REGRESSION' : ''}`,
      ...(suite.paraphrase === undefined ? [] : paraphraseCells(suite, r.versionId, interval)),
      ...(choice ? [`${interval(r.firstChoiceShare)} (${r.server})`, interval(r.usedServer)] : []),
      ...(hasTarget
        ? [r.targetServerShares === null ? '–' : `${share(r.targetServerShares.firstChoiceShare)}, ${share(r.targetServerShares.usedServer)}`]
        : []),
      maybe(r.precision, (x) => x.toFixed(2)),
      maybe(r.recall, (x) => x.toFixed(2)),
      r.toolCallsPerEpisode.toFixed(2),
      String(r.tokens),
      ...(spend ? [tokensCell(versionSpend(suite, r.versionId)), costCell(versionSpend(suite, r.versionId))] : []),
      ...scores.map((c) => c.cell(r, true)),
      `${r.episodes}${r.errors > 0 ? ` (${r.errors} errored, not judged)` : ''}${r.status === 'completed' ? '' : ` ${r.status}`}`,
      r.runId,
    ];
  });
  return { head, rows };
}

/** Tasks whose success rate differs between any version and the first: task, then each version's rate. */
export function taskChangeTable(suite: SuiteResults): Table {
  const changed = [...new Set(suite.comparisons.flatMap((c) => [...c.better, ...c.worse].map((t) => t.taskId)))].sort();
  return {
    head: ['task', ...suite.results.map((r) => r.versionId)],
    rows: changed.map((task) => [
      task,
      ...suite.results.map((r) => {
        const t = r.perTask[task];
        return t === undefined ? '–' : `${t.successes}/${t.episodes}`;
      }),
    ]),
  };
}

export function agentSentence(report: ExperimentReport): string {
  return report.agent.simulated
    ? 'Agent: sim, the simulated selection model (not an LLM); every number here is a simulation result.'
    : `Agent: ${report.agent.id}.`;
}

/**
 * The reports' first lines, one per suite: the best version on test success, its change against the first
 * version with the interval, the plain verdict, and the repeats a change of the size that matters would need.
 */
export function answerSentences(report: ExperimentReport): string[] {
  if (report.verdict === 'error') return ['No answer: an outage, not a result (see below).'];
  const partial = report.verdict === 'interrupted' ? 'Partial (interrupted): ' : '';
  return report.answers.flatMap((a) => {
    const suite = report.suites.find((s) => s.suite === a.suite)!;
    const paraphrase = a.direction === 'better' ? undefined : paraphraseAnswer(suite, report.suites.length > 1);
    return [testAnswer(report, a, partial), ...(paraphrase === undefined ? [] : [`${partial}${paraphrase}`])];
  });
}

/**
 * When the test split cannot tell, the versions better than the first on the paraphrase split with 95% confidence:
 * a change that carries over to other wording is worth a reader's eye even when the test split is too small to show
 * it (the paraphrase split is not part of the pass/regression verdict).
 */
function paraphraseAnswer(suite: SuiteResults, named: boolean): string | undefined {
  const better = (suite.paraphrase?.comparisons ?? []).filter((c) => c.success !== null && c.success.low > 0);
  if (better.length === 0) return undefined;
  const where = named ? ` on ${suite.suite}` : '';
  const each = better.map((c) => `${c.version}, ${changeWithInterval(c.success!)}`).join('; ');
  return `On the paraphrase split${where}, better than the first version with 95% confidence: ${each}.`;
}

function testAnswer(report: ExperimentReport, a: ExperimentReport['answers'][number], partial: string): string {
  const repeats = report.settings.repeats;
  const suite = report.suites.find((s) => s.suite === a.suite)!;
  const rate = (id: string) => share(suite.results.find((r) => r.versionId === id)!.success);
  const where = report.suites.length > 1 ? ` on ${a.suite}` : '';
  const power = `Measured at ${counted(repeats, 'repeat')} of ${suite.tasks} test tasks; detecting a change of ${(a.detect * 100).toFixed(1)} points from ${rate(a.baseline)} would take about ${counted(a.repeatsNeeded, 'repeat')} (80% power).`;
  const tie = a.tiedWith.length === 0 ? '' : ` (tied with ${a.tiedWith.join(', ')})`;
  if (suite.results.length === 1) return `${partial}One version${where}, ${a.best}: ${rate(a.best)} test success; nothing to compare it with.`;
  if (a.change !== null) {
    const verdict = a.direction === 'better' ? 'better, with 95% confidence' : 'no detectable difference';
    return `${partial}Best${where}: ${a.best}${tie}, ${rate(a.best)} test success against ${rate(a.baseline)} for the first version (${a.baseline}), ${changeWithInterval(a.change)}: ${verdict}. ${power}`;
  }
  const verdict = a.direction === 'worse' ? 'every other version is worse, with 95% confidence' : 'no other version differs detectably';
  return `${partial}Best${where}: the first version, ${a.baseline}${tie}, ${rate(a.baseline)} test success; ${verdict}. ${power}`;
}

/**
 * One line per version whose descriptions differ from the first's, near the top of every report: the lint
 * problems (warnings and errors) it gained against the first version, by rule and tool, or that it gained none.
 */
export function lintSentences(report: ExperimentReport): string[] {
  return report.diffs.map((d) => {
    const gained = d.tools.flatMap((t) => t.lintAppeared.filter((f) => f.severity !== 'info').map((f) => `${f.rule} (${t.tool})`));
    return gained.length === 0
      ? `Lint: ${d.b.label} gained no warning or error against ${d.a.label}.`
      : `Lint: ${d.b.label} gained ${counted(gained.length, 'warning or error', 'warnings or errors')} against ${d.a.label}: ${gained.join(', ')}.`;
  });
}

/** Errored episodes across every run of the report, test and paraphrase (a pass banner is never green with any). */
export function erroredEpisodes(report: ExperimentReport): number {
  return report.suites.flatMap((s) => [...s.results, ...(s.paraphrase?.results ?? [])]).reduce((n, r) => n + r.errors, 0);
}

export function verdictSentence(report: ExperimentReport): string {
  if (report.verdict === 'error') {
    const causes = report.outages.map((o) => `${o.version} on ${o.suite} (${o.split}, run ${o.runId}): ${o.cause}`).join(' ');
    return `No verdict: an outage, not a result. ${causes}`;
  }
  if (report.verdict === 'interrupted') return 'Interrupted: some runs did not finish; the numbers cover the episodes that did.';
  const errored = erroredEpisodes(report);
  const errors =
    errored === 0 ? '' : ` ${counted(errored, 'errored episode')}, within --max-error-rate, ${errored === 1 ? 'is' : 'are'} left out of every rate.`;
  const threshold = `${(report.settings.threshold * 100).toFixed(1)} points`;
  // at the default threshold of 0 the bound is 0 itself, not "−0.0"
  const bound = report.settings.threshold === 0 ? '0' : `−${threshold}`;
  if (report.verdict === 'pass')
    return `No regression: no version's test success fell more than ${threshold} below the first version's with 95% confidence (the upper end of the change's interval below ${bound}).${errors}`;
  return `Regression: ${report.regressions.map((r) => `${r.version} on ${r.suite} (${points(r.successDelta)})`).join(', ')} fell more than ${threshold} below the first version, the whole 95% interval of the change below ${bound}.${errors}`;
}
