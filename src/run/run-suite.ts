import { DEFAULT_TOOL_SEARCH_K } from '../catalogue/tool-search/modes.ts';
import { tasksForSplit } from '../suite/splits.ts';
import type { Task } from '../suite/schema.ts';
import { wilson } from '../measure/proportion.ts';
import { resolveConditions } from './conditions.ts';
import { scoreTotals } from './score-totals.ts';
import { tallyErrors } from './outages.ts';
import { attemptsLeft, runAttempts, type AttemptsRan } from './run-attempts.ts';
import type { RunReport, RunRequest, StoredRunConfig } from './run-request.ts';
import { checkSameVersions, resolveOverrides, servedVersionIds } from './run-versions.ts';
import type { RunLock, RunRow } from '../../traces/index.ts';
import { connectSuiteHost } from './suite-host.ts';
import { inputError } from '../errors.ts';

export type { RunOptions, RunReport, RunRequest, StoredRunConfig } from './run-request.ts';

export async function runSuite(req: RunRequest): Promise<RunReport> {
  const { store, loaded, options } = req;
  const tasks = tasksToRun(req);
  const overrides = resolveOverrides(store, options.versionIds);
  const conditions = resolveConditions(loaded.suite, options.conditions);
  const suiteHost = await connectSuiteHost(loaded.suite, conditions.effect, req.signal);
  let lock: RunLock | undefined;
  try {
    const catalogue = suiteHost.host.catalogue(overrides);
    req.onCatalogue?.(catalogue.tools);
    const versionIds = servedVersionIds(store, suiteHost.host.servers, options.versionIds);
    const run = openRun(req, versionIds, conditions.values);
    // Before anything of the run is written: two processes running its episodes would collide and fail it.
    lock = store.lockRun(run.id);
    store.setRunStatus(run.id, 'running');

    const { all, todo } = attemptsLeft(req, run.id, tasks);
    req.onStart?.({ runId: run.id, total: all.length, done: all.length - todo.length });
    const ran = await runAttempts(req, { runId: run.id, all, todo, suiteHost, catalogue, versionIds, overrides, conditions: conditions.values });
    store.setRunStatus(run.id, ran.status);
    return runReport(req, run, ran, all.length, conditions.values);
  } finally {
    lock?.release();
    await suiteHost.host.close();
  }
}

/** The split's tasks, refused before anything starts when there are none or the agent cannot run them. */
function tasksToRun({ loaded, agent, options }: RunRequest): Task[] {
  const tasks = tasksForSplit(loaded.suite.tasks, options.split);
  if (tasks.length === 0) throw inputError(`suite "${loaded.suite.name}" has no tasks in split "${options.split}"`);
  const refused = agent.refuse?.(tasks);
  if (refused !== undefined) throw inputError(`suite "${loaded.suite.name}": ${refused}`);
  return tasks;
}

/** A new run with the settings a resume repeats, or the run to resume, which must serve the same descriptions. */
function openRun(req: RunRequest, versionIds: Record<string, string>, conditions: Record<string, string>): RunRow {
  const { store, loaded, options } = req;
  const run =
    req.resumeRunId === undefined
      ? store.createRun({
          kind: req.kind ?? 'suite',
          settings: { options, agent: req.agentConfig ?? {}, conditions } satisfies StoredRunConfig,
          suite: loaded.suite.name,
          suitePath: loaded.path,
          agent: req.agent.id,
          split: options.split,
          repeats: options.repeats,
          seed: options.seed,
          concurrency: options.concurrency,
          versionIds,
        })
      : store.getRun(req.resumeRunId);
  if (!run) throw inputError(`no run "${req.resumeRunId}" in the trace store`);
  checkSameVersions(run, versionIds);
  return run;
}

function runReport(req: RunRequest, run: RunRow, ran: AttemptsRan, planned: number, conditions: Record<string, string>): RunReport {
  const { store } = req;
  const summary = store.runSummary(run.id);
  const errors = tallyErrors(store.listEpisodes({ runId: run.id }));
  return {
    runId: run.id,
    status: ran.status,
    ...(ran.interruptedBy === undefined ? {} : { interruptedBy: ran.interruptedBy }),
    ranNow: ran.ranNow,
    planned,
    // finished ones: an attempt the interruption stopped is left unfinished, as a killed one is
    episodes: summary.completed + summary.errors,
    success: wilson(summary.successes, errors.judged),
    errors,
    toolCalls: summary.toolCalls,
    callsByTool: store.toolSelectionCounts(run.id),
    versionIds: run.versionIds,
    conditions,
    toolSearch: req.options.toolSearch ?? { mode: 'off', k: DEFAULT_TOOL_SEARCH_K },
    scoreTotals: scoreTotals(store, run.id),
  };
}
