// `tdo experiment`: fixed description versions on the held-out test split of one or more suites, N
// repeats each, compared with the first version; a suite's paraphrase split (the same needs worded
// differently), when it has one, is run and compared beside test. Callable as a function (the demo runs one).
import {
  type Agent,
  checkMaxErrorRate,
  type EpisodeExecutor,
  inputError,
  isSimulatedAgentId,
  isTdoError,
  type LoadedSuite,
  type ToolSearchSettings,
  DEFAULT_TOOL_SEARCH_K,
  outageCause,
  resolveConditions,
  runSuite,
  tasksForSplit,
} from '../../src/index.ts';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import { measuredEpisodes } from '../measure/measured-episodes.ts';
import { diffSources, type VersionDiff } from '../review/version-diff.ts';
import { latestMeasurements } from '../versions/measurements.ts';
import { describeOrigin } from '../versions/origin.ts';
import { answerFor, type SuiteAnswer } from './answer.ts';
import { compareWithBaseline, summarizeVersion, type Comparison, type VersionResult } from './statistics.ts';

export const EXPERIMENT_SPLIT = 'test';
/** Run beside the test split when a suite has it; reported, never part of the verdict. */
export const PARAPHRASE_SPLIT = 'paraphrase';

export interface ExperimentSettings {
  suites: LoadedSuite[];
  /** The first is the baseline every other version is compared with. */
  versions: VersionRow[];
  repeats: number;
  seed: number;
  concurrency: number;
  /** Applied to each suite that declares the condition; a condition no suite declares is an error. */
  conditions: Record<string, string>;
  /** A version regresses when its success rate is below the baseline's by more than this (0.05 = 5 points), with 95% confidence. */
  threshold: number;
  /** The share of each run's episodes allowed to error (default 0); beyond it the experiment stops without a verdict. */
  maxErrorRate?: number;
  /** A label per version id for its role in the comparison ("seed", "selection-best"), shown in every report. */
  roles?: Record<string, string>;
  /** How every run offers tools (docs/tool-search.md); every tool listed when absent. */
  toolSearch?: ToolSearchSettings;
}

export interface ExperimentRun {
  store: TraceStore;
  agent: Agent;
  /** Stored with each run so it can be resumed with `tdo run --resume`. */
  agentConfig?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Runs each version's episodes elsewhere (`--queue`: on `tdo worker` processes); in this process when absent. */
  executor?: EpisodeExecutor;
  onRunStart?: (info: { suite: string; version: string; total: number; split: typeof EXPERIMENT_SPLIT | typeof PARAPHRASE_SPLIT }) => void;
  onEpisode?: (episode: { status: 'completed' | 'error'; success: boolean }) => void;
}

export interface SuiteResults {
  suite: string;
  path: string;
  target: string | null;
  /** every condition of the suite with the value used */
  conditions: Record<string, string>;
  tasks: number;
  results: VersionResult[];
  comparisons: Comparison[];
  /**
   * The suite's paraphrase split, present only when the suite has one: the same versions and repeats,
   * compared with the first version the same way. Its changes inform; the verdict reads the test split only.
   */
  paraphrase?: { tasks: number; results: VersionResult[]; comparisons: Comparison[] };
}

export interface ExperimentReport {
  kind: 'tdo-experiment';
  createdAt: string;
  agent: { id: string; simulated: boolean };
  settings: {
    suites: string[];
    split: typeof EXPERIMENT_SPLIT;
    versions: string[];
    repeats: number;
    seed: number;
    conditions: Record<string, string>;
    threshold: number;
    maxErrorRate: number;
    toolSearch: ToolSearchSettings;
  };
  versions: Array<{ id: string; server: string; origin: string; tokens: number; role?: string }>;
  suites: SuiteResults[];
  /** Names of the other per-episode scores present (reported as columns). */
  scoreNames: string[];
  /** Per suite, the answer the reports open with: the best version on test success, its change against the first, the verdict. */
  answers: SuiteAnswer[];
  regressions: Array<{ suite: string; version: string; successDelta: number }>;
  /** Runs that measured nothing (errors beyond --max-error-rate, no judged episode, a lost queue): the experiment gives no verdict. */
  outages: Array<{ suite: string; version: string; split: string; runId: string; errors: number; episodes: number; cause: string }>;
  /** Each later version's descriptions against the baseline's, when both describe the same server. */
  diffs: VersionDiff[];
  /** 'error': an outage (see outages): more episodes errored than allowed, none was judged, or the queue was lost; nothing is concluded */
  verdict: 'pass' | 'regression' | 'interrupted' | 'error';
  db: string;
}

/**
 * What can be checked of the settings without the versions (so before the store is opened: `tdo experiment` refuses
 * them leaving no new database behind): the threshold, the error rate, and the conditions and test tasks of each suite.
 */
export function checkExperimentOptions(settings: Pick<ExperimentSettings, 'suites' | 'conditions' | 'threshold' | 'maxErrorRate'>): void {
  const { suites } = settings;
  if (!Number.isFinite(settings.threshold) || settings.threshold < 0 || settings.threshold > 1)
    throw inputError(`--threshold must be between 0 and 1 (a share of episodes), got ${settings.threshold}`);
  const badRate = checkMaxErrorRate(settings.maxErrorRate ?? 0);
  if (badRate !== undefined) throw inputError(badRate);
  for (const name of Object.keys(settings.conditions)) {
    if (!suites.some((s) => s.suite.conditions?.[name] !== undefined)) {
      throw inputError(`no suite of ${suites.map((s) => s.suite.name).join(', ')} declares the condition "${name}"`);
    }
  }
  for (const loaded of suites) {
    if (tasksForSplit(loaded.suite.tasks, EXPERIMENT_SPLIT).length === 0) throw inputError(`suite ${loaded.suite.name} has no ${EXPERIMENT_SPLIT} tasks`);
    resolveConditions(loaded.suite, conditionsFor(loaded, settings.conditions));
  }
}

/** Everything that can be checked before any episode runs, so a bad flag costs nothing. */
export function checkExperiment(settings: ExperimentSettings): Map<LoadedSuite, VersionRow[]> {
  const { suites, versions } = settings;
  if (versions.length < 1) throw inputError('an experiment needs at least one version (--version A,B)');
  const ids = versions.map((v) => v.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length > 0) throw inputError(`version ${twice[0]} is listed twice`);
  checkExperimentOptions(settings);
  const plan = new Map<LoadedSuite, VersionRow[]>();
  for (const loaded of suites) {
    const servers = new Set(loaded.suite.servers.map((s) => s.name));
    const runnable = versions.filter((v) => servers.has(v.server));
    if (runnable.length === 0)
      throw inputError(`suite ${loaded.suite.name} connects none of the versions' servers (${[...new Set(versions.map((v) => v.server))].join(', ')})`);
    plan.set(loaded, runnable);
  }
  for (const v of versions) {
    if (![...plan.values()].some((vs) => vs.includes(v))) throw inputError(`no suite connects server "${v.server}" of version ${v.id}`);
  }
  return plan;
}

export async function runExperiment(settings: ExperimentSettings, run: ExperimentRun): Promise<ExperimentReport> {
  const plan = checkExperiment(settings);
  const { store } = run;
  const suites: SuiteResults[] = [];
  const maxErrorRate = settings.maxErrorRate ?? 0;
  const outages: ExperimentReport['outages'] = [];
  let interrupted = false;
  const stop = () => run.signal?.aborted === true || outages.length > 0;
  for (const [loaded, versions] of plan) {
    const results: VersionResult[] = [];
    const paraphraseResults: VersionResult[] = [];
    const paraphraseTasks = tasksForSplit(loaded.suite.tasks, PARAPHRASE_SPLIT).length;
    let conditions: Record<string, string> = {};
    const runVersion = async (version: VersionRow, split: typeof EXPERIMENT_SPLIT | typeof PARAPHRASE_SPLIT): Promise<VersionResult> => {
      let report;
      try {
        report = await runSuite({
          kind: 'experiment',
          store,
          loaded,
          agent: run.agent,
          options: {
            split,
            repeats: settings.repeats,
            seed: settings.seed,
            concurrency: settings.concurrency,
            versionIds: [version.id],
            conditions: conditionsFor(loaded, settings.conditions),
            ...(settings.toolSearch === undefined ? {} : { toolSearch: settings.toolSearch }),
          },
          ...(run.agentConfig === undefined ? {} : { agentConfig: run.agentConfig }),
          ...(run.signal === undefined ? {} : { signal: run.signal }),
          ...(run.executor === undefined ? {} : { executor: run.executor }),
          maxErrorRate,
          onStart: ({ total }) => run.onRunStart?.({ suite: loaded.suite.name, version: version.id, total, split }),
          onEpisode: (o) => run.onEpisode?.(o),
        });
      } catch (err) {
        // names which of the experiment's runs could not start
        if (isTdoError(err, 'input')) throw inputError(`suite ${loaded.suite.name}, version ${version.id}: ${err.message}`, { cause: err });
        throw err;
      }
      conditions = report.conditions;
      if (report.interruptedBy !== undefined) {
        // The queue was lost: an outage, which concludes nothing, rather than a user's Ctrl-C.
        outages.push({
          suite: loaded.suite.name,
          version: version.id,
          split,
          runId: report.runId,
          errors: 0,
          episodes: report.errors.episodes,
          cause: report.interruptedBy,
        });
      } else if (report.status === 'interrupted') interrupted = true;
      const outage = outageCause(report.errors, maxErrorRate);
      if (outage !== undefined) {
        outages.push({
          suite: loaded.suite.name,
          version: version.id,
          split,
          runId: report.runId,
          errors: report.errors.errors,
          episodes: report.errors.episodes,
          cause: outage,
        });
      }
      const spend = store.runSpend([report.runId]).agent;
      return summarizeVersion(version, { runId: report.runId, status: report.status, spend }, measuredEpisodes(store, report.runId), loaded.suite.targetServer);
    };
    for (const version of versions) {
      if (stop()) break;
      // Paraphrase first, so that a version's newest run, the one `tdo versions` and the diffs quote, is its test run.
      if (paraphraseTasks > 0) paraphraseResults.push(await runVersion(version, PARAPHRASE_SPLIT));
      if (stop()) break;
      results.push(await runVersion(version, EXPERIMENT_SPLIT));
    }
    suites.push({
      suite: loaded.suite.name,
      path: loaded.path,
      target: loaded.suite.targetServer ?? null,
      conditions,
      tasks: tasksForSplit(loaded.suite.tasks, EXPERIMENT_SPLIT).length,
      results,
      comparisons: compareWithBaseline(results, settings.threshold),
      ...(paraphraseTasks > 0
        ? { paraphrase: { tasks: paraphraseTasks, results: paraphraseResults, comparisons: compareWithBaseline(paraphraseResults, settings.threshold) } }
        : {}),
    });
  }

  const regressions = suites.flatMap((s) =>
    s.comparisons.flatMap((c) => (c.regressed && c.success !== null ? [{ suite: s.suite, version: c.version, successDelta: c.success.delta }] : [])),
  );
  return {
    kind: 'tdo-experiment',
    createdAt: new Date().toISOString(),
    agent: { id: run.agent.id, simulated: isSimulatedAgentId(run.agent.id) },
    settings: {
      suites: settings.suites.map((s) => s.suite.name),
      split: EXPERIMENT_SPLIT,
      versions: settings.versions.map((v) => v.id),
      repeats: settings.repeats,
      seed: settings.seed,
      conditions: settings.conditions,
      threshold: settings.threshold,
      maxErrorRate,
      toolSearch: settings.toolSearch ?? { mode: 'off', k: DEFAULT_TOOL_SEARCH_K },
    },
    versions: settings.versions.map((v) => ({
      id: v.id,
      server: v.server,
      origin: describeOrigin(v).label,
      tokens: v.tokens,
      ...(settings.roles?.[v.id] === undefined ? {} : { role: settings.roles[v.id] }),
    })),
    suites,
    scoreNames: [...new Set(suites.flatMap((s) => s.results.flatMap((r) => Object.keys(r.scores))))].sort(),
    answers: suites.flatMap((s) => answerFor(s.suite, s.results, s.comparisons, settings.threshold, s.tasks) ?? []),
    regressions,
    outages,
    diffs: baselineDiffs(store, settings.versions),
    verdict: outages.length > 0 ? 'error' : interrupted ? 'interrupted' : regressions.length > 0 ? 'regression' : 'pass',
    db: store.path,
  };
}

function conditionsFor(loaded: LoadedSuite, conditions: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(conditions).filter(([name]) => loaded.suite.conditions?.[name] !== undefined));
}

function baselineDiffs(store: TraceStore, versions: readonly VersionRow[]): VersionDiff[] {
  const [baseline, ...rest] = versions;
  if (baseline === undefined) return [];
  const measured = latestMeasurements(
    store,
    versions.map((v) => v.id),
  );
  const source = (v: VersionRow) => ({
    label: v.id,
    server: v.server,
    origin: describeOrigin(v).label,
    descriptions: v.descriptions,
    measured: measured.get(v.id) ?? null,
  });
  return rest.filter((v) => v.server === baseline.server).map((v) => diffSources(source(baseline), source(v)));
}
