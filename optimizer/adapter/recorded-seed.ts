// Episodes recorded before a search (imported from Langfuse, or earlier runs in the store) as the seed's
// reflective data. Only episodes that really show the seed at work qualify: same suite, train tasks (val
// and test must stay unseen by the search), the seed's descriptions of the server and the same conditions.
import { inputError, serverChoiceOf, type Suite, type Task } from '../../src/index.ts';
import { runCondition, type TraceStore } from '../../traces/index.ts';
import type { RecordedResult } from '../engine/engine.ts';
import { factsFromTrajectory, type EpisodeFacts } from './facts.ts';
import { scoreEpisode, taskResult, type ScoredEpisode, type Target } from './targets.ts';
import { describeSkipped, type SkippedSeedEpisode } from './skipped-seed.ts';

export type RecordedSeedStore = Pick<TraceStore, 'getRun' | 'listEpisodes' | 'getTrajectory'>;

export interface SeedEpisodeQuery {
  suite: Suite;
  server: string;
  target: Target;
  /** the description version of `server` the search starts from */
  seedVersionId: string;
  /** the search's condition label (conditionLabel of its values); undefined when the suite has none */
  condition: string | undefined;
  runIds: readonly string[];
}

export interface SeedEpisodeSelection {
  /** one episode per task, lowest target score first: failures teach most, so they are reflected on first */
  episodeIds: string[];
  skipped: SkippedSeedEpisode[];
}

export function selectSeedEpisodes(store: RecordedSeedStore, query: SeedEpisodeQuery): SeedEpisodeSelection {
  const tasks = new Map(query.suite.tasks.map((t) => [t.id, t]));
  const skipped: SkippedSeedEpisode[] = [];
  const usable: Array<{ episodeId: string; taskId: string; score: number }> = [];
  for (const runId of query.runIds) {
    const run = store.getRun(runId);
    if (!run) throw inputError(`no run "${runId}" in the trace store`);
    const runProblem = runMismatch(run, query);
    for (const episode of store.listEpisodes({ runId })) {
      const skip = (reason: string) => skipped.push({ episodeId: episode.id, taskId: episode.taskId, reason });
      const task = tasks.get(episode.taskId);
      if (runProblem !== undefined) skip(runProblem);
      else if (episode.status === 'running') skip('the episode never finished');
      else if (episode.status === 'error') skip(`the episode errored (an outage, not a result): ${episode.note ?? 'no cause recorded'}`);
      else if (task === undefined) skip(`task "${episode.taskId}" is not in suite "${query.suite.name}"`);
      else if (task.split !== 'train') skip(`task "${task.id}" is in the ${task.split} split; only train tasks feed reflection`);
      else {
        const f = facts(store, task, episode.id);
        // what every search reports beside its target; an older tdo's episodes, imported later, lack it
        if (serverChoiceOf(f.scores, query.server) === undefined) skip(`it records no first-choice share of "${query.server}" (recorded by an older tdo)`);
        else usable.push({ episodeId: episode.id, taskId: task.id, score: query.target.score(f).score });
      }
    }
  }
  const chosen = new Map<string, { episodeId: string; score: number }>();
  for (const u of usable) {
    const held = chosen.get(u.taskId);
    if (held === undefined || u.score < held.score) {
      if (held !== undefined) skipped.push({ episodeId: held.episodeId, taskId: u.taskId, reason: `another episode of task "${u.taskId}" is used` });
      chosen.set(u.taskId, u);
    } else skipped.push({ episodeId: u.episodeId, taskId: u.taskId, reason: `another episode of task "${u.taskId}" is used` });
  }
  const ordered = [...chosen.values()].sort((a, b) => a.score - b.score);
  return { episodeIds: ordered.map((c) => c.episodeId), skipped };
}

function runMismatch(run: NonNullable<ReturnType<RecordedSeedStore['getRun']>>, query: SeedEpisodeQuery): string | undefined {
  if (run.suiteName !== query.suite.name) return `recorded on suite "${run.suiteName}", not "${query.suite.name}"`;
  const version = run.versionIds[query.server];
  if (version !== query.seedVersionId) {
    return version === undefined
      ? `its run did not connect server "${query.server}"`
      : `recorded with other descriptions of "${query.server}" (version ${version}; the seed is ${query.seedVersionId})`;
  }
  const condition = runCondition(run);
  if (condition !== query.condition) return `recorded under conditions ${condition ?? '(none)'}, the search runs under ${query.condition ?? '(none)'}`;
  return undefined;
}

function facts(store: RecordedSeedStore, task: Task, episodeId: string): EpisodeFacts {
  const trajectory = store.getTrajectory(episodeId);
  if (!trajectory) throw inputError(`episode ${episodeId} is not in the trace store`);
  return factsFromTrajectory(task, trajectory);
}

/** The recorded episodes that can stand for the seed; an error when none can, saying why each could not. */
export function requireSeedEpisodes(store: RecordedSeedStore, query: SeedEpisodeQuery): SeedEpisodeSelection {
  const selection = selectSeedEpisodes(store, query);
  if (selection.episodeIds.length === 0) {
    const why = selection.skipped.length === 0 ? 'they hold no episodes' : describeSkipped(selection.skipped);
    throw inputError(
      `none of the recorded episodes (runs ${query.runIds.join(', ') || '(none)'}) can stand for the seed of ${query.server} on suite "${query.suite.name}": ${why}`,
    );
  }
  return selection;
}

export interface RecordedSeedScoring {
  suite: Suite;
  server: string;
  target: Target;
  /** the search's agent: episodes another agent recorded are reflected on, but their scores do not stand for the seed's */
  agentId: string;
}

/** The seed's results as the engine reads them, in the order given (a resumed run passes its stored order). */
export function recordedSeedResults(store: RecordedSeedStore, scoring: RecordedSeedScoring, episodeIds: readonly string[]): RecordedResult<ScoredEpisode>[] {
  const { suite, server, target } = scoring;
  const tasks = new Map(suite.tasks.map((t) => [t.id, t]));
  return episodeIds.map((episodeId) => {
    const trajectory = store.getTrajectory(episodeId);
    if (!trajectory) throw inputError(`episode ${episodeId}, recorded for the seed, is no longer in the trace store`);
    const task = tasks.get(trajectory.episode.taskId);
    if (!task) throw inputError(`episode ${episodeId} is of task "${trajectory.episode.taskId}", which suite "${suite.name}" no longer has`);
    const comparable = store.getRun(trajectory.episode.runId)?.agentId === scoring.agentId;
    return { result: taskResult(scoreEpisode(factsFromTrajectory(task, trajectory), target), server), comparable };
  });
}
