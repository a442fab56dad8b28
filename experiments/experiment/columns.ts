// The per-version table every report format shows, built once so Markdown and HTML cannot disagree.
import { percent, points } from '../format.ts';
import type { ExperimentReport, SuiteResults } from './run-experiment.ts';

export interface Table {
  head: string[];
  rows: string[][];
}

const interval = (p: { rate: number; low: number; high: number }) => `${percent(p.rate)} [${percent(p.low)}, ${percent(p.high)}]`;
const maybe = (x: number | null, f: (n: number) => string) => (x === null ? '–' : f(x));

/**
 * A version's success on the suite's paraphrase split and its change against the first version's, as table
 * cells ('–' when the split was not run for it, 'baseline' for the first). Never marked as a regression:
 * the verdict reads the test split only.
 */
export function paraphraseCells(suite: SuiteResults, versionId: string, interval: (p: { rate: number; low: number; high: number }) => string): [string, string] {
  const p = suite.paraphrase;
  const r = p?.results.find((x) => x.versionId === versionId);
  if (p === undefined || r === undefined) return ['–', '–'];
  const c = p.comparisons.find((x) => x.version === versionId);
  const delta = c === undefined ? (versionId === p.results[0]?.versionId ? 'baseline' : '–') : `${points(c.success.delta)} [${points(c.success.low)}, ${points(c.success.high)}]`;
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

export function versionTable(report: ExperimentReport, suite: SuiteResults): Table {
  const origin = new Map(report.versions.map((v) => [v.id, v.origin]));
  const hasTarget = suite.results.some((r) => r.targetSelection !== null);
  const head = [
    'version', 'origin', 'success [95% CI]', 'Δ success vs first [95% CI]',
    ...(suite.paraphrase === undefined ? [] : ['paraphrase success [95% CI]', 'Δ paraphrase success vs first [95% CI]']),
    'selection of its server [95% CI]',
    ...(hasTarget ? [`selection of ${suite.target}`] : []),
    'tool precision', 'tool recall', 'tool calls / episode', 'tokens',
    ...report.scoreNames.map((n) => `${n} (mean, n)`),
    'episodes', 'run',
  ];
  const rows = suite.results.map((r) => {
    const c = suite.comparisons.find((x) => x.version === r.versionId);
    return [
      r.versionId,
      origin.get(r.versionId) ?? '',
      interval(r.success),
      c === undefined ? 'baseline' : `${points(c.success.delta)} [${points(c.success.low)}, ${points(c.success.high)}]${c.regressed ? ' REGRESSION' : ''}`,
      ...(suite.paraphrase === undefined ? [] : paraphraseCells(suite, r.versionId, interval)),
      `${interval(r.selection)} (${r.server})`,
      ...(hasTarget ? [r.targetSelection === null ? '–' : percent(r.targetSelection.rate)] : []),
      maybe(r.precision, (x) => x.toFixed(2)),
      maybe(r.recall, (x) => x.toFixed(2)),
      r.toolCallsPerEpisode.toFixed(2),
      String(r.tokens),
      ...report.scoreNames.map((n) => (r.scores[n] === undefined ? '–' : `${r.scores[n].mean.toFixed(3)} (${r.scores[n].episodes})`)),
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
    rows: changed.map((task) => [task, ...suite.results.map((r) => {
      const t = r.perTask[task];
      return t === undefined ? '–' : `${t.successes}/${t.episodes}`;
    })]),
  };
}

export function agentSentence(report: ExperimentReport): string {
  return report.agent.simulated
    ? 'Agent: sim, the simulated selection model (not an LLM); every number here is a simulation result.'
    : `Agent: ${report.agent.id}.`;
}

/** Errored episodes across every run of the report, test and paraphrase (a pass banner is never green with any). */
export function erroredEpisodes(report: ExperimentReport): number {
  return report.suites.flatMap((s) => [...s.results, ...(s.paraphrase?.results ?? [])]).reduce((n, r) => n + r.errors, 0);
}

export function verdictSentence(report: ExperimentReport): string {
  if (report.verdict === 'error') {
    return `No verdict: an outage, not a result. ${report.outages.map((o) => `${o.version} on ${o.suite} (${o.split}, run ${o.runId}): ${o.cause}`).join(' ')} --max-error-rate allows ${percent(report.settings.maxErrorRate)}.`;
  }
  if (report.verdict === 'interrupted') return 'Interrupted: some runs did not finish; the numbers cover the episodes that did.';
  const errored = erroredEpisodes(report);
  const errors = errored === 0 ? '' : ` ${errored} errored episode(s), within --max-error-rate, are left out of every rate.`;
  if (report.verdict === 'pass') return `No version's success rate fell more than ${percent(report.settings.threshold)} below the first version's with 95% confidence (the upper end of the change's interval below -${percent(report.settings.threshold)}).${errors}`;
  return `Regression: ${report.regressions.map((r) => `${r.version} on ${r.suite} (${points(r.successDelta)})`).join(', ')} fell more than ${percent(report.settings.threshold)} below the first version, the whole 95% interval of the change below -${percent(report.settings.threshold)}.${errors}`;
}
