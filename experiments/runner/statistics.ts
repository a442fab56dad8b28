// Per-version results of an experiment and their comparison with the first (baseline) version.
import type { ModelSpendTotals, VersionRow } from '../../traces/index.ts';
import { DEFERRED_LOADING_SCORES, type ErrorCause, isServerChoiceScore, SCORE, tallyErrors } from '../../src/index.ts';
import { choiceShares, judged, type ChoiceShares, type MeasuredEpisode } from '../measure/measured-episodes.ts';
import { deferredLoading, type DeferredLoading } from '../measure/deferred-loading.ts';
import { differenceIfMeasured, wilson, type DifferenceInterval, type Proportion } from '../../src/index.ts';

/** Scores with their own columns; every other numeric score an episode records is reported generically. */
const OWN_COLUMNS: ReadonlySet<string> = new Set([SCORE.success, SCORE.toolPrecision, SCORE.toolRecall]);
const ownColumn = (name: string) => OWN_COLUMNS.has(name) || isServerChoiceScore(name) || DEFERRED_LOADING_SCORES.has(name);

export interface ScoreSummary {
  mean: number;
  /** episodes that recorded the score (a deal's price exists only when a deal was made) */
  episodes: number;
}

export interface TaskTally {
  successes: number;
  episodes: number;
}

/** found@k and the tokens loaded beside success, when the version ran under a tool search (`--tool-search`). */
export interface VersionResult extends DeferredLoading {
  versionId: string;
  server: string;
  tokens: number;
  runId: string;
  /** 'failed': more episodes errored than --max-error-rate allows and the run stopped */
  status: 'completed' | 'interrupted' | 'failed';
  /** finished episodes, judged and errored */
  episodes: number;
  /** Episodes the infrastructure failed (model endpoint, MCP server): no verdict, left out of every rate below. */
  errors: number;
  errorCauses: ErrorCause[];
  /** over judged episodes */
  success: Proportion;
  /** The version's server's first-choice and used-server shares over judged episodes. */
  firstChoiceShare: Proportion;
  usedServer: Proportion;
  /** The same of the suite's target server, when it has one and it is not the version's server. */
  targetServerShares: (ChoiceShares & { server: string }) | null;
  /** Mean share of calls that went to a correct tool (null when the runs recorded none). */
  precision: number | null;
  /** Mean share of plan steps whose correct tool was called. */
  recall: number | null;
  toolCallsPerEpisode: number;
  scores: Record<string, ScoreSummary>;
  perTask: Record<string, TaskTally>;
  /** What the run's agent model calls spent (none for a simulated agent); cost null when a model has no price. */
  spend: ModelSpendTotals;
}

export function summarizeVersion(
  version: Pick<VersionRow, 'id' | 'server' | 'tokens'>,
  run: { runId: string; status: VersionResult['status']; spend: ModelSpendTotals },
  finished: readonly MeasuredEpisode[],
  targetServer: string | undefined,
): VersionResult {
  const facts = judged(finished);
  const count = (f: (e: MeasuredEpisode) => boolean) => facts.filter(f).length;
  const errors = tallyErrors(finished.map((e) => ({ status: e.status, note: e.errorCause })));
  const perTask: Record<string, TaskTally> = {};
  for (const e of facts) {
    const t = (perTask[e.taskId] ??= { successes: 0, episodes: 0 });
    t.episodes++;
    if (e.success) t.successes++;
  }
  const scores: Record<string, ScoreSummary> = {};
  for (const name of [...new Set(facts.flatMap((e) => [...e.scores.keys()]))].filter((n) => !ownColumn(n)).sort()) {
    const values = facts.flatMap((e) => (e.scores.has(name) ? [e.scores.get(name)!] : []));
    scores[name] = { mean: mean(values) ?? 0, episodes: values.length };
  }
  const scoreMean = (name: string) => mean(facts.flatMap((e) => (e.scores.has(name) ? [e.scores.get(name)!] : [])));
  const choice = choiceShares(facts, version.server) ?? { firstChoiceShare: wilson(0, 0), usedServer: wilson(0, 0) };
  return {
    versionId: version.id,
    server: version.server,
    tokens: version.tokens,
    runId: run.runId,
    status: run.status,
    episodes: finished.length,
    errors: errors.errors,
    errorCauses: errors.causes,
    success: wilson(
      count((e) => e.success),
      facts.length,
    ),
    ...deferredLoading(facts),
    ...choice,
    targetServerShares: targetShares(facts, targetServer, version.server),
    precision: scoreMean(SCORE.toolPrecision),
    recall: scoreMean(SCORE.toolRecall),
    toolCallsPerEpisode: mean(facts.map((e) => e.toolCalls)) ?? 0,
    scores,
    perTask,
    spend: run.spend,
  };
}

function targetShares(facts: readonly MeasuredEpisode[], targetServer: string | undefined, server: string): VersionResult['targetServerShares'] {
  if (targetServer === undefined || targetServer === server) return null;
  const shares = choiceShares(facts, targetServer);
  return shares === null ? null : { server: targetServer, ...shares };
}

export interface TaskChange {
  taskId: string;
  baseline: number;
  version: number;
}

export interface Comparison {
  baseline: string;
  version: string;
  /** null, like the two below, when either version had no judged episode: nothing to compare */
  success: DifferenceInterval | null;
  firstChoiceShare: DifferenceInterval | null;
  usedServer: DifferenceInterval | null;
  /**
   * The success rate fell by more than the threshold with 95% confidence: the whole interval of the change
   * lies below -threshold (a point estimate below it with an interval reaching above it is not enough).
   */
  regressed: boolean;
  better: TaskChange[];
  worse: TaskChange[];
}

/** Each later version against the first: the success, first-choice and used-server changes with 95% intervals, and per-task changes (judged episodes only). */
export function compareWithBaseline(results: readonly VersionResult[], threshold: number): Comparison[] {
  const [baseline, ...rest] = results;
  if (baseline === undefined) return [];
  return rest.map((r) => {
    const success = differenceIfMeasured(baseline.success, r.success);
    const changes = Object.keys({ ...baseline.perTask, ...r.perTask })
      .sort()
      .map((taskId) => ({ taskId, baseline: rate(baseline.perTask[taskId]), version: rate(r.perTask[taskId]) }));
    return {
      baseline: baseline.versionId,
      version: r.versionId,
      success,
      firstChoiceShare: differenceIfMeasured(baseline.firstChoiceShare, r.firstChoiceShare),
      usedServer: differenceIfMeasured(baseline.usedServer, r.usedServer),
      regressed: success !== null && success.high < -threshold - 1e-12,
      better: changes.filter((c) => c.version > c.baseline),
      worse: changes.filter((c) => c.version < c.baseline),
    };
  });
}

function rate(t: TaskTally | undefined): number {
  return t === undefined || t.episodes === 0 ? 0 : t.successes / t.episodes;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}
