import type { ToolCall } from '../../traces/index.ts';
import type { EpisodeOutcome } from './episode.ts';

/**
 * What a finished episode showed, the same whether it is read from the record a queue worker returned
 * (src/run/queue/episode-queue.ts) or from its rows in the trace store (optimizer/adapter/facts.ts).
 */
export type FinishedEpisode = Pick<EpisodeOutcome, 'episodeId' | 'taskId' | 'success' | 'feedback'> & { calls: ToolCall[] };

/**
 * A finished episode from its parts: its identity, its result (success null is no verdict, which counts as
 * no success; feedback null is none) and its tool calls in the order they completed.
 */
export function finishedEpisode(
  episode: { id: string; taskId: string },
  result: { success: boolean | null; feedback: string | null },
  calls: ToolCall[],
): FinishedEpisode {
  return { episodeId: episode.id, taskId: episode.taskId, success: result.success === true, feedback: result.feedback ?? '', calls };
}
