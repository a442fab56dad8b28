import { inputError, isTdoError, type LoadedSuite, outageCause, type RunReport, runSuite } from '../../src/index.ts';
import type { VersionRow } from '../../traces/index.ts';
import type { ExperimentReport, ExperimentRun, ExperimentSettings, ExperimentSplit } from './experiment-types.ts';

// One run of an experiment (experiments/runner/run-experiment.ts): a version on one split of one suite.

/** An experiment under way: what it was given, and the outages and interruption its runs met so far. */
export interface ExperimentState {
  readonly settings: ExperimentSettings;
  readonly run: ExperimentRun;
  readonly maxErrorRate: number;
  readonly outages: ExperimentReport['outages'];
  interrupted: boolean;
}

/** No more runs once Ctrl-C is raised or a run met an outage. */
export function experimentStopped(state: ExperimentState): boolean {
  return state.run.signal?.aborted === true || state.outages.length > 0;
}

/** The conditions given that this suite declares. */
export function conditionsFor(loaded: LoadedSuite, conditions: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(conditions).filter(([name]) => loaded.suite.conditions?.[name] !== undefined));
}

/** Runs the version on the split (experiment-record.ts measures it from the store); the run's conditions come back with its id. */
export async function runVersion(
  state: ExperimentState,
  loaded: LoadedSuite,
  version: VersionRow,
  split: ExperimentSplit,
): Promise<{ runId: string; conditions: Record<string, string> }> {
  const report = await runVersionSuite(state, loaded, version, split);
  noteOutages(state, report, { suite: loaded.suite.name, version: version.id, split });
  return { runId: report.runId, conditions: report.conditions };
}

async function runVersionSuite(state: ExperimentState, loaded: LoadedSuite, version: VersionRow, split: ExperimentSplit): Promise<RunReport> {
  const { settings, run } = state;
  try {
    return await runSuite({
      kind: 'experiment',
      store: run.store,
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
      maxErrorRate: state.maxErrorRate,
      onStart: ({ total }) => run.onRunStart?.({ suite: loaded.suite.name, version: version.id, total, split }),
      onEpisode: (o) => run.onEpisode?.(o),
    });
  } catch (err) {
    // names which of the experiment's runs could not start
    if (isTdoError(err, 'input')) throw inputError(`suite ${loaded.suite.name}, version ${version.id}: ${err.message}`, { cause: err });
    throw err;
  }
}

/** A lost queue and errors past --max-error-rate are outages, which conclude nothing; Ctrl-C is an interruption. */
function noteOutages(state: ExperimentState, report: RunReport, which: { suite: string; version: string; split: ExperimentSplit }): void {
  if (report.interruptedBy !== undefined) {
    // The queue was lost: an outage, which concludes nothing, rather than a user's Ctrl-C.
    state.outages.push({ ...which, runId: report.runId, errors: 0, episodes: report.errors.episodes, cause: report.interruptedBy });
  } else if (report.status === 'interrupted') state.interrupted = true;
  const outage = outageCause(report.errors, state.maxErrorRate);
  if (outage !== undefined) {
    state.outages.push({ ...which, runId: report.runId, errors: report.errors.errors, episodes: report.errors.episodes, cause: outage });
  }
}
