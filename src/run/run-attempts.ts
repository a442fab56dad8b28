import type { DescriptionOverrides } from '../host/catalogue.ts';
import type { Catalogue } from '../catalogue/catalogue-types.ts';
import type { Task } from '../suite/schema.ts';
import { runEpisode, type EpisodeOutcome } from './episode.ts';
import type { EpisodeBatch, PlannedEpisode } from './episode-executor.ts';
import { ErrorBudget } from './outages.ts';
import { runPool } from './pool.ts';
import type { RunRequest } from './run-request.ts';
import { episodeSeed } from './seeds.ts';
import type { SuiteHost } from './suite-host.ts';

// Running the attempts a run has left (src/run/run-suite.ts): in this process or on the request's executor.

/** One task's attempt under one repeat, before it is given its seed. */
export type Attempt = Omit<PlannedEpisode, 'randomSeed'>;

/** Every attempt of the run (tasks x repeats) and those not yet finished. */
export function attemptsLeft(req: RunRequest, runId: string, tasks: readonly Task[]): { all: Attempt[]; todo: Attempt[] } {
  const finished = req.store.completedEpisodeKeys(runId);
  const all = tasks.flatMap((task) => Array.from({ length: req.options.repeats }, (_, repeat) => ({ task, repeat })));
  const todo = all.filter(({ task, repeat }) => !finished.has(`${task.id}#${repeat}`));
  return { all, todo };
}

/** Where a run's attempts run: its servers, the catalogue and descriptions they serve, its conditions. */
export interface AttemptRound {
  runId: string;
  all: Attempt[];
  todo: Attempt[];
  suiteHost: SuiteHost;
  catalogue: Catalogue;
  versionIds: Record<string, string>;
  overrides: DescriptionOverrides;
  conditions: Record<string, string>;
}

/** How the runner follows the attempts: each outcome, and whether to take more. */
type Progress = Pick<EpisodeBatch, 'onOutcome' | 'shouldStop'>;

export interface AttemptsRan {
  status: 'completed' | 'interrupted' | 'failed';
  ranNow: number;
  interruptedBy?: string;
}

/** Runs the attempts left until they are done, Ctrl-C, or the error budget is spent, and says how the run ends. */
export async function runAttempts(req: RunRequest, round: AttemptRound): Promise<AttemptsRan> {
  let ranNow = 0;
  const budget = new ErrorBudget(req.maxErrorRate ?? 0, round.all.length);
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
    if (req.executor === undefined) await runInProcess(req, round, { onOutcome, shouldStop });
    else ({ interruptedBy } = await req.executor(executorBatch(req, round, { onOutcome, shouldStop })));
  } catch (err) {
    // what fails after Ctrl-C (a server that died of the same signal) is the interruption's doing
    req.store.setRunStatus(round.runId, aborted() ? 'interrupted' : 'failed');
    throw err;
  }
  const stopped = aborted() || interruptedBy !== undefined;
  const status = budget.exhausted ? 'failed' : stopped && ranNow < round.todo.length ? 'interrupted' : 'completed';
  return { status, ranNow, ...(interruptedBy === undefined ? {} : { interruptedBy }) };
}

async function runInProcess(req: RunRequest, round: AttemptRound, { onOutcome, shouldStop }: Progress): Promise<void> {
  const { store, agent, options } = req;
  const { host, headersFor } = round.suiteHost;
  await runPool(
    round.todo,
    options.concurrency,
    async ({ task, repeat }) => {
      onOutcome(
        await runEpisode(store, host, agent, {
          runId: round.runId,
          suite: req.loaded.suite,
          task,
          repeat,
          randomSeed: episodeSeed(options.seed, task.id, repeat),
          catalogue: round.catalogue,
          ...(options.toolSearch === undefined ? {} : { toolSearch: options.toolSearch }),
          ...(headersFor === undefined ? {} : { headersFor }),
          ...(req.signal === undefined ? {} : { signal: req.signal }),
        }),
      );
    },
    shouldStop,
  );
}

/** The attempts as the executor takes them, each with its seed. */
function executorBatch(req: RunRequest, round: AttemptRound, { onOutcome, shouldStop }: Progress): EpisodeBatch {
  const { options } = req;
  const planned = round.todo.map(({ task, repeat }) => ({ task, repeat, randomSeed: episodeSeed(options.seed, task.id, repeat) }));
  return {
    store: req.store,
    runId: round.runId,
    loaded: req.loaded,
    todo: planned,
    versionIds: round.versionIds,
    overrides: round.overrides,
    conditions: round.conditions,
    ...(options.toolSearch === undefined ? {} : { toolSearch: options.toolSearch }),
    agentConfig: req.agentConfig ?? {},
    onOutcome,
    shouldStop,
  };
}
