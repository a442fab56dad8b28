// Evaluating candidate descriptions: the agent runs each task with the candidate substituted for the
// target server's descriptions on the host side; every episode is recorded, and a resumed search reads
// finished episodes back instead of running them again. One pass per episode: its facts are read from the
// store once and scored once, inside the episode's own commit, which also holds the target's score.
import pLimit, { type LimitFunction } from 'p-limit';
import {
  type Agent,
  type EpisodeExecutor,
  type EpisodeOutcome,
  episodeSeed,
  type EpisodeSpec,
  type Host,
  infrastructureError,
  type LoadedSuite,
  runEpisode,
  type Suite,
  type SuiteRunStore,
  type Task,
  type ToolSearchSettings,
} from '../../src/index.ts';
import { contentHash, type ScoreInput, type TraceStore } from '../../traces/index.ts';
import { EvaluationInterrupted, type EvaluationRequest, type Evaluator, type TaskResult } from '../engine/types.ts';
import { factsFromTrajectory } from './facts.ts';
import { scoreEpisode, taskResult, type ScoredEpisode, type Target } from './targets.ts';

export type EvaluatorStore = SuiteRunStore & Pick<TraceStore, 'recordEvaluation' | 'evaluationEpisodeIds' | 'getTrajectory'>;

export interface McpEvaluatorOptions {
  store: EvaluatorStore;
  host: Host;
  agent: Agent;
  suite: Suite;
  runId: string;
  /** the optimize run a resume continues, when `runId` is one agent's own run of a several-agent search */
  searchRunId?: string;
  /** the server whose descriptions the candidates replace */
  server: string;
  target: Target;
  /** the search's random seed (`--seed`), from which every episode's is derived */
  randomSeed: number;
  concurrency: number;
  /** deferred tool loading for every episode; every tool listed when absent */
  toolSearch?: ToolSearchSettings;
  /**
   * Episode slots shared by every evaluation in flight at once (the engine's parallel mutations, the report's
   * splits, other agents' evaluators): `concurrency` bounds them all together. Its own slots when absent.
   */
  slots?: LimitFunction;
  signal?: AbortSignal;
  /** each episode's own credentials, for servers that check bearer tokens */
  headersFor?: EpisodeSpec['headersFor'];
  /** Runs each evaluation's episodes elsewhere (`--queue`: on `tdo worker` processes); in this process when absent. */
  remote?: RemoteEpisodes;
  /** The command an outage message tells the user to continue the search with (the caller knows its flags). */
  resumeCommand?: (searchRunId: string) => string;
}

/** What an executor needs besides the episodes: what a worker rebuilds the run from. */
export interface RemoteEpisodes {
  executor: EpisodeExecutor;
  loaded: LoadedSuite;
  /** server -> the description version the run records for it (the target server's is replaced by each candidate) */
  versionIds: Record<string, string>;
  /** every condition of the suite with the run's value */
  conditions: Record<string, string>;
  /** the agent's settings, never a secret: a worker rebuilds the agent from them */
  agentConfig: Record<string, unknown>;
}

/** The hooks both ways of running an evaluation's episodes share. */
interface EpisodeHooks {
  /** the target's score, read back inside the episode's own commit */
  scoreAlso(episodeId: string, task: Task): ScoreInput[];
  onOutcome(outcome: EpisodeOutcome): void;
  shouldStop(): boolean;
}

export class McpEvaluator implements Evaluator<ScoredEpisode> {
  private readonly tasks: Map<string, Task>;
  private readonly slots: LimitFunction;

  constructor(private readonly options: McpEvaluatorOptions) {
    this.tasks = new Map(options.suite.tasks.map((t) => [t.id, t]));
    this.slots = options.slots ?? pLimit(options.concurrency);
  }

  async evaluate(request: EvaluationRequest): Promise<TaskResult<ScoredEpisode>[]> {
    const { store, runId, server, suite } = this.options;
    const search = this.options.searchRunId ?? runId;
    const tasks = request.taskIds.map((id) => {
      const task = this.tasks.get(id);
      if (!task) throw new Error(`unknown task "${id}" in suite "${suite.name}"`);
      return task;
    });
    store.recordEvaluation({
      runId,
      ordinal: request.ordinal,
      purpose: request.purpose,
      iteration: request.iteration,
      candidateHash: contentHash(request.texts),
      taskIds: request.taskIds,
    });
    // Episodes a resumed search finished before: read back once each.
    const scored = new Map<string, ScoredEpisode>();
    for (const [taskId, episodeId] of store.evaluationEpisodeIds(runId, request.ordinal)) {
      const task = this.tasks.get(taskId);
      if (task !== undefined) scored.set(taskId, this.scored(task, episodeId));
    }
    const todo = tasks.filter((t) => !scored.has(t.id));
    const resume = this.options.resumeCommand?.(search) ?? `tdo optimize --resume ${search}`;
    let outage: string | undefined;
    const hooks: EpisodeHooks = {
      // Read back inside the episode's commit, so the facts are those a resume would read.
      scoreAlso: (episodeId, task) => {
        const episode = this.scored(task, episodeId);
        scored.set(task.id, episode);
        return [{ name: `optimizer_${this.options.target.name}`, value: episode.verdict.score, comment: episode.verdict.feedback }];
      },
      onOutcome: (outcome) => {
        if (outcome.status === 'error') outage ??= `task ${outcome.taskId}: ${outcome.feedback}`;
      },
      shouldStop: () => this.options.signal?.aborted === true || outage !== undefined,
    };
    const { remote } = this.options;
    if (remote === undefined) await this.runHere(request, todo, hooks);
    else {
      const { interruptedBy } = await this.runOn(remote, request, todo, hooks);
      if (interruptedBy !== undefined)
        throw infrastructureError(
          `${interruptedBy}. Optimize run ${search} is saved: once the queue is back, continue it with \`${resume}\` and the same --queue`,
        );
    }
    // An errored episode has no score a search could compare, so the search stops rather than read it as a failure.
    if (outage !== undefined)
      throw infrastructureError(
        `an episode errored (an outage, not a result), ${outage}. Optimize run ${search} is saved: fix the cause, then continue it with \`${resume}\`, which runs the errored episode again`,
      );
    if (tasks.some((t) => !scored.has(t.id))) throw new EvaluationInterrupted(`evaluation ${request.ordinal} stopped before all its episodes ran`);
    return tasks.map((task) => taskResult(scored.get(task.id)!, server));
  }

  private async runHere(request: EvaluationRequest, todo: Task[], hooks: EpisodeHooks): Promise<void> {
    const { store, host, runId, suite, server } = this.options;
    const catalogue = host.catalogue({ [server]: { ...request.texts } });
    // Slots are taken in the order asked for, so an earlier evaluation's episodes go first.
    await Promise.all(
      todo.map((task) =>
        this.slots(async () => {
          if (hooks.shouldStop()) return;
          const outcome = await runEpisode(store, host, this.options.agent, {
            runId,
            suite,
            task,
            repeat: request.ordinal,
            randomSeed: this.episodeSeedOf(task),
            catalogue,
            ...(this.options.toolSearch ? { toolSearch: this.options.toolSearch } : {}),
            ...(this.options.headersFor ? { headersFor: this.options.headersFor } : {}),
            ...(this.options.signal ? { signal: this.options.signal } : {}),
            scoreAlso: (episodeId) => hooks.scoreAlso(episodeId, task),
          });
          hooks.onOutcome(outcome);
        }),
      ),
    );
  }

  /** The same episodes through an executor: the same ordinals and seeds, so the same search as in this process. */
  private runOn(remote: RemoteEpisodes, request: EvaluationRequest, todo: Task[], hooks: EpisodeHooks) {
    const { store, runId, server } = this.options;
    return remote.executor({
      store,
      runId,
      loaded: remote.loaded,
      todo: todo.map((task) => ({ task, repeat: request.ordinal, randomSeed: this.episodeSeedOf(task) })),
      versionIds: { ...remote.versionIds, [server]: `candidate ${contentHash(request.texts).slice(0, 12)} of evaluation ${request.ordinal}` },
      overrides: { [server]: { ...request.texts } },
      conditions: remote.conditions,
      ...(this.options.toolSearch ? { toolSearch: this.options.toolSearch } : {}),
      agentConfig: remote.agentConfig,
      ...hooks,
    });
  }

  /** The episode's random seed depends on the task only, never on the candidate: every candidate meets the same draws. */
  private episodeSeedOf(task: Task): number {
    return episodeSeed(this.options.randomSeed, task.id, 0);
  }

  private scored(task: Task, episodeId: string): ScoredEpisode {
    const trajectory = this.options.store.getTrajectory(episodeId);
    if (!trajectory) throw new Error(`episode ${episodeId} vanished from the trace store`);
    return scoreEpisode(factsFromTrajectory(task, trajectory), this.options.target);
  }
}
