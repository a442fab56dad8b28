// What the review and experiment reports measure of each finished episode of a run, read back from the store
// (the optimizer reads its own, richer EpisodeFacts for reflection: optimizer/adapter/facts.ts).
import { firstChoiceShareName, SCORE, serverChoiceOf } from '../../src/index.ts';
import type { TraceStore } from '../../traces/index.ts';
import { meanShare, type Proportion } from '../../src/index.ts';

export interface MeasuredEpisode {
  taskId: string;
  repeat: number;
  /** 'error': the infrastructure failed (model endpoint, MCP server, the agent); no verdict, left out of every rate. */
  status: 'completed' | 'error';
  /** why it errored; null for a completed episode */
  errorCause: string | null;
  success: boolean;
  toolCalls: number;
  /** Every score the episode recorded, by name (the last value when a name repeats). */
  scores: Map<string, number>;
}

export type EpisodeStore = Pick<TraceStore, 'listEpisodes' | 'getTrajectory'>;

/** The run's finished episodes (a killed, unfinished one is left out), in task then repeat order. */
export function measuredEpisodes(store: EpisodeStore, runId: string): MeasuredEpisode[] {
  return store
    .listEpisodes({ runId })
    .filter((e) => e.status !== 'running')
    .map((e): MeasuredEpisode => {
      const trajectory = store.getTrajectory(e.id);
      return {
        taskId: e.taskId,
        repeat: e.repeatIndex,
        status: e.status === 'error' ? 'error' : 'completed',
        errorCause: e.status === 'error' ? (e.note ?? 'no cause recorded') : null,
        success: e.success === true,
        toolCalls: e.toolCalls,
        scores: new Map((trajectory?.scores ?? []).map((s) => [s.name, s.value])),
      };
    })
    .sort((a, b) => (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : a.repeat - b.repeat));
}

/** The episodes with a verdict: the denominator of every rate (errored ones say nothing of the task). */
export function judged(facts: readonly MeasuredEpisode[]): MeasuredEpisode[] {
  return facts.filter((f) => f.status === 'completed');
}

export interface ChoiceShares {
  /** the mean first-choice share of the server */
  firstChoiceShare: Proportion;
  /** the share of episodes that called the server at all */
  usedServer: Proportion;
}

/**
 * The server's first-choice and used-server shares over the judged episodes that recorded them (every episode
 * tdo scored does; a proxy session or an old import does not); null when none did, and when no episode offered
 * another server to choose (a one-server suite: every first choice is the server's, and a 100% says nothing).
 */
export function choiceShares(facts: readonly MeasuredEpisode[], server: string): ChoiceShares | null {
  const recorded = judged(facts).flatMap((f) => serverChoiceOf(f.scores, server) ?? []);
  if (recorded.length === 0 || !facts.some((f) => offeredAnotherServer(f.scores, server))) return null;
  return { firstChoiceShare: meanShare(recorded.map((c) => c.firstChoiceShare)), usedServer: meanShare(recorded.map((c) => c.usedServer)) };
}

function offeredAnotherServer(scores: ReadonlyMap<string, number>, server: string): boolean {
  const own = firstChoiceShareName(server);
  return [...scores.keys()].some((name) => name.startsWith(`${SCORE.firstChoiceShare}:`) && name !== own);
}

/** The successful episodes among the judged ones. */
export function successCount(facts: readonly MeasuredEpisode[]): number {
  return judged(facts).filter((f) => f.success).length;
}
