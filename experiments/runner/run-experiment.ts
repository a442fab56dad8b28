// `tdo experiment`: fixed description versions on the held-out test split of one or more suites, N
// repeats each, compared with the first version; a suite's paraphrase split (the same needs worded
// differently), when it has one, is run and compared beside test. Callable as a function (the demo runs one).
import { checkMaxErrorRate, inputError, type LoadedSuite, DEFAULT_TOOL_SEARCH_K, resolveConditions, tasksForSplit } from '../../src/index.ts';
import { newExperimentId, type VersionRow } from '../../traces/index.ts';
import type { ExperimentRecord, SuiteRecord } from './experiment-record.ts';
import { experimentReportOf } from './experiment-report.ts';
import {
  EXPERIMENT_SPLIT,
  PARAPHRASE_SPLIT,
  type ExperimentReport,
  type ExperimentRun,
  type ExperimentSettings,
  type ExperimentSplit,
} from './experiment-types.ts';
import { conditionsFor, experimentStopped, runVersion, type ExperimentState } from './version-run.ts';

export { EXPERIMENT_SPLIT, PARAPHRASE_SPLIT } from './experiment-types.ts';
export type { ExperimentReport, ExperimentRun, ExperimentSettings, SuiteResults } from './experiment-types.ts';

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
  const state: ExperimentState = { settings, run, maxErrorRate: settings.maxErrorRate ?? 0, outages: [], interrupted: false };
  const suites: SuiteRecord[] = [];
  for (const [loaded, versions] of plan) suites.push(await runSuiteVersions(state, loaded, versions));
  const record = experimentRecord(state, suites);
  const report = experimentReportOf(run.store, record, newExperimentId());
  run.store.recordExperiment({ id: report.id, suites: record.settings.suites, agentId: record.agentId, verdict: report.verdict, record });
  return report;
}

/** Each version on the suite's paraphrase split (when it has one) and its test split, in that order. */
async function runSuiteVersions(state: ExperimentState, loaded: LoadedSuite, versions: VersionRow[]): Promise<SuiteRecord> {
  const runs: SuiteRecord['runs'] = [];
  const paraphraseTasks = tasksForSplit(loaded.suite.tasks, PARAPHRASE_SPLIT).length;
  let conditions: Record<string, string> = {};
  const measure = async (version: VersionRow, split: ExperimentSplit) => {
    const ran = await runVersion(state, loaded, version, split);
    conditions = ran.conditions;
    runs.push({ versionId: version.id, split, runId: ran.runId });
  };
  for (const version of versions) {
    if (experimentStopped(state)) break;
    // Paraphrase first, so that a version's newest run, the one `tdo versions` and the diffs quote, is its test run.
    if (paraphraseTasks > 0) await measure(version, PARAPHRASE_SPLIT);
    if (experimentStopped(state)) break;
    await measure(version, EXPERIMENT_SPLIT);
  }
  return {
    suite: loaded.suite.name,
    path: loaded.path,
    targetServer: loaded.suite.targetServer ?? null,
    conditions,
    tasks: tasksForSplit(loaded.suite.tasks, EXPERIMENT_SPLIT).length,
    paraphraseTasks,
    runs,
  };
}

function experimentRecord(state: ExperimentState, suites: SuiteRecord[]): ExperimentRecord {
  const { settings, run } = state;
  return {
    createdAt: new Date().toISOString(),
    agentId: run.agent.id,
    settings: {
      suites: settings.suites.map((s) => s.suite.name),
      versions: settings.versions.map((v) => v.id),
      repeats: settings.repeats,
      seed: settings.seed,
      conditions: settings.conditions,
      threshold: settings.threshold,
      maxErrorRate: state.maxErrorRate,
      toolSearch: settings.toolSearch ?? { mode: 'off', k: DEFAULT_TOOL_SEARCH_K },
      roles: settings.roles ?? {},
    },
    suites,
    outages: state.outages,
    interrupted: state.interrupted,
    ...(settings.searches === undefined ? {} : { searches: settings.searches }),
  };
}
