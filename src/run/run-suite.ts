import type { Agent } from '../agents/agent.ts';
import type { DescriptionOverrides } from '../host/catalogue.ts';
import type { CatalogueTool } from '../catalogue/catalogue-types.ts';
import { advertisedDescriptions } from '../host/catalogue.ts';
import type { LoadedSuite } from '../suite/load.ts';
import type { Split } from '../suite/schema.ts';
import type { ToolSearchSettings } from '../catalogue/tool-search/settings.ts';
import { DEFAULT_TOOL_SEARCH_K } from '../catalogue/tool-search/modes.ts';
import { tasksForSplit } from '../suite/splits.ts';
import { wilson, type Proportion } from '../measure/proportion.ts';
import { resolveConditions } from './conditions.ts';
import { runEpisode, type EpisodeOutcome, type FinishedOutcome } from './episode.ts';
import type { EpisodeExecutor } from './episode-executor.ts';
import { runPool } from './pool.ts';
import { scoreTotals, type ScoreTotal } from './score-totals.ts';
import { ErrorBudget, tallyErrors, type ErrorTally } from './outages.ts';
import { episodeSeed } from './seeds.ts';
import type { SuiteRunStore } from './store-port.ts';
import type { RunLock } from '../../traces/index.ts';
import { connectSuiteHost } from './suite-host.ts';
import { inputError, unknownVersionError } from '../errors.ts';

export interface RunOptions {
  split: Split | 'all';
  repeats: number;
  seed: number;
  concurrency: number;
  /** Description versions to substitute, at most one per server. */
  versionIds: string[];
  /** Suite condition values (`limit_in: token`); the suite's defaults fill the rest. */
  conditions?: Record<string, string>;
  /** Deferred tool loading (absent in runs made before it: every tool offered, as with mode `off`). */
  toolSearch?: ToolSearchSettings;
}

export interface RunRequest {
  store: SuiteRunStore;
  loaded: LoadedSuite;
  agent: Agent;
  options: RunOptions;
  /** Continue this run instead of creating one: finished episodes are kept, the rest are run. */
  resumeRunId?: string;
  /** What the new run is recorded as: 'experiment' for a run of `tdo experiment`, else 'suite' (`tdo run`). */
  kind?: 'suite' | 'experiment';
  /** Extra settings stored with the run (e.g. the model), so a resume can rebuild the agent. */
  agentConfig?: Record<string, unknown>;
  signal?: AbortSignal;
  /** The share of the run's episodes allowed to error (default 0): beyond it the run stops early, as 'failed'. */
  maxErrorRate?: number;
  onStart?: (info: { runId: string; total: number; done: number }) => void;
  /** Given the catalogue the agent will see, once the servers are connected and before the run is created (the suite check). */
  onCatalogue?: (tools: readonly CatalogueTool[]) => void;
  onEpisode?: (outcome: FinishedOutcome) => void;
  /** Runs the episodes elsewhere (queue workers); in this process when absent. */
  executor?: EpisodeExecutor;
}

export interface RunReport {
  runId: string;
  /** 'failed': more episodes errored than --max-error-rate allows, and the run stopped */
  status: 'completed' | 'interrupted' | 'failed';
  /** why an executor stopped the run as interrupted (a lost queue); absent for Ctrl-C */
  interruptedBy?: string;
  /** Episodes run by this invocation (a resume counts only the ones it ran). */
  ranNow: number;
  /** the run's episodes when complete: tasks x repeats */
  planned: number;
  episodes: number;
  /** the successes among the judged episodes (errored ones have no verdict), with the interval; rate null when none was judged */
  success: Proportion;
  errors: ErrorTally;
  toolCalls: number;
  /** each tool's calls and errored calls over the run's episodes */
  callsByTool: Array<{ server: string; tool: string; calls: number; errors: number }>;
  versionIds: Record<string, string>;
  /** Every condition of the suite with the value this run used. */
  conditions: Record<string, string>;
  /** How the run offered tools: mode `off` lists them all (also for runs stored before deferred loading). */
  toolSearch: ToolSearchSettings;
  /** Each score recorded in the run (success, limit_violation, chosen:<server>, ...), summed over episodes. */
  scoreTotals: Record<string, ScoreTotal>;
}

/** The settings a run stores so that `--resume` repeats it exactly. */
export interface StoredRunConfig {
  options: RunOptions;
  agent: Record<string, unknown>;
  /** every condition with the value used, defaults included (what traces' runCondition reads); absent in older runs */
  conditions?: Record<string, string>;
}

export async function runSuite(req: RunRequest): Promise<RunReport> {
  const { store, loaded, agent, options } = req;
  const tasks = tasksForSplit(loaded.suite.tasks, options.split);
  if (tasks.length === 0) throw inputError(`suite "${loaded.suite.name}" has no tasks in split "${options.split}"`);
  const refused = agent.refuse?.(tasks);
  if (refused !== undefined) throw inputError(`suite "${loaded.suite.name}": ${refused}`);
  const overrides = resolveOverrides(store, options.versionIds);
  const conditions = resolveConditions(loaded.suite, options.conditions);
  const { host, headersFor } = await connectSuiteHost(loaded.suite, conditions.effect, req.signal);
  let lock: RunLock | undefined;
  try {
    const catalogue = host.catalogue(overrides);
    req.onCatalogue?.(catalogue.tools);
    const versionIds: Record<string, string> = {};
    for (const server of host.servers) {
      const override = options.versionIds.map((id) => store.getVersion(id)).find((v) => v?.server === server.server);
      // What a server advertises is recorded as its seed version (an already-known text keeps its origin).
      versionIds[server.server] =
        override?.id ?? store.recordVersion({ server: server.server, descriptions: advertisedDescriptions(server), origin: 'seed' }).id;
    }

    const run =
      req.resumeRunId === undefined
        ? store.createRun({
            kind: req.kind ?? 'suite',
            settings: { options, agent: req.agentConfig ?? {}, conditions: conditions.values } satisfies StoredRunConfig,
            suite: loaded.suite.name,
            suitePath: loaded.path,
            agent: agent.id,
            split: options.split,
            repeats: options.repeats,
            seed: options.seed,
            concurrency: options.concurrency,
            versionIds,
          })
        : store.getRun(req.resumeRunId);
    if (!run) throw inputError(`no run "${req.resumeRunId}" in the trace store`);
    const changed = Object.keys(versionIds).filter((server) => run.versionIds[server] !== versionIds[server]);
    if (changed.length > 0) {
      throw inputError(
        `cannot resume run ${run.id}: the descriptions of ${changed.join(', ')} changed since it started (was ${changed.map((s) => run.versionIds[s]).join(', ')}, now ${changed.map((s) => versionIds[s]).join(', ')})`,
      );
    }
    // Before anything of the run is written: two processes running its episodes would collide and fail it.
    lock = store.lockRun(run.id);
    store.setRunStatus(run.id, 'running');

    const finished = store.completedEpisodeKeys(run.id);
    const all = tasks.flatMap((task) => Array.from({ length: options.repeats }, (_, repeat) => ({ task, repeat })));
    const todo = all.filter(({ task, repeat }) => !finished.has(`${task.id}#${repeat}`));
    req.onStart?.({ runId: run.id, total: all.length, done: all.length - todo.length });

    let ranNow = 0;
    const budget = new ErrorBudget(req.maxErrorRate ?? 0, all.length);
    const aborted = () => req.signal?.aborted === true;
    const onOutcome = (outcome: EpisodeOutcome) => {
      // an episode the interruption stopped is unfinished: neither run nor errored
      if (outcome.status === 'interrupted') return;
      ranNow++;
      budget.record(outcome.status);
      req.onEpisode?.({ ...outcome, status: outcome.status });
    };
    const shouldStop = () => aborted() || budget.exhausted;
    let interruptedBy: string | undefined;
    try {
      if (req.executor === undefined) {
        await runPool(
          todo,
          options.concurrency,
          async ({ task, repeat }) => {
            onOutcome(
              await runEpisode(store, host, agent, {
                runId: run.id,
                suite: loaded.suite,
                task,
                repeat,
                randomSeed: episodeSeed(options.seed, task.id, repeat),
                catalogue,
                ...(options.toolSearch === undefined ? {} : { toolSearch: options.toolSearch }),
                ...(headersFor === undefined ? {} : { headersFor }),
                ...(req.signal === undefined ? {} : { signal: req.signal }),
              }),
            );
          },
          shouldStop,
        );
      } else {
        const planned = todo.map(({ task, repeat }) => ({ task, repeat, randomSeed: episodeSeed(options.seed, task.id, repeat) }));
        ({ interruptedBy } = await req.executor({
          store,
          runId: run.id,
          loaded,
          todo: planned,
          versionIds,
          overrides,
          conditions: conditions.values,
          ...(options.toolSearch === undefined ? {} : { toolSearch: options.toolSearch }),
          agentConfig: req.agentConfig ?? {},
          onOutcome,
          shouldStop,
        }));
      }
    } catch (err) {
      // what fails after Ctrl-C (a server that died of the same signal) is the interruption's doing
      store.setRunStatus(run.id, aborted() ? 'interrupted' : 'failed');
      throw err;
    }
    const stopped = aborted() || interruptedBy !== undefined;
    const status = budget.exhausted ? 'failed' : stopped && ranNow < todo.length ? 'interrupted' : 'completed';
    store.setRunStatus(run.id, status);

    const summary = store.runSummary(run.id);
    const errors = tallyErrors(store.listEpisodes({ runId: run.id }));
    return {
      runId: run.id,
      status,
      ...(interruptedBy === undefined ? {} : { interruptedBy }),
      ranNow,
      planned: all.length,
      // finished ones: an attempt the interruption stopped is left unfinished, as a killed one is
      episodes: summary.completed + summary.errors,
      success: wilson(summary.successes, errors.judged),
      errors,
      toolCalls: summary.toolCalls,
      callsByTool: store.toolSelectionCounts(run.id),
      versionIds: run.versionIds,
      conditions: conditions.values,
      toolSearch: options.toolSearch ?? { mode: 'off', k: DEFAULT_TOOL_SEARCH_K },
      scoreTotals: scoreTotals(store, run.id),
    };
  } finally {
    lock?.release();
    await host.close();
  }
}

function resolveOverrides(store: SuiteRunStore, versionIds: string[]): DescriptionOverrides {
  const overrides: DescriptionOverrides = {};
  for (const id of versionIds) {
    const version = store.getVersion(id);
    if (!version) throw unknownVersionError(id, store.path);
    if (overrides[version.server]) throw inputError(`two description versions given for server "${version.server}"; pass at most one per server`);
    overrides[version.server] = version.descriptions;
  }
  return overrides;
}
