// Evaluating candidate descriptions: the agent runs each task with the candidate substituted for the
// target server's descriptions on the host side; every episode is recorded, and a resumed search reads
// finished episodes back instead of running them again. One pass per episode: its facts are read from the
// store once and scored once, inside the episode's own commit, which also holds the target's score.
import type { Agent } from '../../src/agents/agent.ts';
import type { Host } from '../../src/host/host.ts';
import { runEpisode, type EpisodeSpec } from '../../src/run/episode.ts';
import { OutageError } from '../../src/run/outages.ts';
import { runPool } from '../../src/run/pool.ts';
import { episodeSeed } from '../../src/run/seeds.ts';
import type { SuiteRunStore } from '../../src/run/store-port.ts';
import type { Suite, Task } from '../../src/suite/schema.ts';
import { contentHash, type TraceStore } from '../../traces/index.ts';
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
  /** the server whose descriptions the candidates replace */
  server: string;
  target: Target;
  seed: number;
  concurrency: number;
  signal?: AbortSignal;
  /** each episode's own credentials, for servers that check bearer tokens */
  headersFor?: EpisodeSpec['headersFor'];
}

export class McpEvaluator implements Evaluator<ScoredEpisode> {
  private readonly tasks: Map<string, Task>;

  constructor(private readonly options: McpEvaluatorOptions) {
    this.tasks = new Map(options.suite.tasks.map((t) => [t.id, t]));
  }

  async evaluate(request: EvaluationRequest): Promise<TaskResult<ScoredEpisode>[]> {
    const { store, host, runId, server, suite } = this.options;
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
    const catalogue = host.catalogue({ [server]: { ...request.texts } });
    const todo = tasks.filter((t) => !scored.has(t.id));
    let outage: string | undefined;
    await runPool(
      todo,
      this.options.concurrency,
      async (task) => {
        // The seed depends on the task only, never on the candidate: every candidate meets the same draws.
        const outcome = await runEpisode(store, host, this.options.agent, {
          runId,
          suite,
          task,
          repeat: request.ordinal,
          seed: episodeSeed(this.options.seed, task.id, 0),
          catalogue,
          ...(this.options.headersFor ? { headersFor: this.options.headersFor } : {}),
          // Read back inside the episode's commit, so the facts are those a resume would read.
          scoreAlso: (episodeId) => {
            const episode = this.scored(task, episodeId);
            scored.set(task.id, episode);
            return [{ name: `optimizer_${this.options.target.name}`, value: episode.verdict.score, comment: episode.verdict.feedback }];
          },
        });
        if (outcome.status === 'error') outage ??= `task ${task.id}: ${outcome.feedback}`;
      },
      () => this.options.signal?.aborted === true || outage !== undefined,
    );
    // An errored episode has no score a search could compare, so the search stops rather than read it as a failure.
    if (outage !== undefined)
      throw new OutageError(
        `an episode errored (an outage, not a result), ${outage}. Optimize run ${runId} is saved: fix the cause, then continue it with \`tdo optimize --resume ${runId}\`, which runs the errored episode again`,
      );
    if (tasks.some((t) => !scored.has(t.id))) throw new EvaluationInterrupted(`evaluation ${request.ordinal} stopped before all its episodes ran`);
    return tasks.map((task) => taskResult(scored.get(task.id)!, server));
  }

  private scored(task: Task, episodeId: string): ScoredEpisode {
    const trajectory = this.options.store.getTrajectory(episodeId);
    if (!trajectory) throw new Error(`episode ${episodeId} vanished from the trace store`);
    return scoreEpisode(factsFromTrajectory(task, trajectory), this.options.target);
  }
}
