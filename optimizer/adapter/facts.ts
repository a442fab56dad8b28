// What one episode of an evaluation showed, read back from the trace store, so that a live run and a
// resumed replay of the same episode yield identical facts.
import * as z from 'zod';
import { finishedEpisode, type FinishedEpisode, type PlanStep, SCORE, type Task, TOOL_SEARCH_STEP_MODEL } from '../../src/index.ts';
import { HOST_STEP_MODEL_PREFIX, storedToolCall, type Trajectory } from '../../traces/index.ts';

export interface RatingFact {
  tool: string;
  /** 1 (useless or misleading) .. 5 (exactly right) */
  rating: number;
  comment: string;
}

/** What the episode showed, as a run reports it (src/run/episode-outcome.ts), with the task it attempted and what only the store keeps. */
export interface EpisodeFacts extends FinishedEpisode {
  prompt: string;
  plan: PlanStep[];
  answer: string | null;
  ratings: RatingFact[];
  /** every score recorded with the episode, by name (first_choice_share:<server>, used_server:<server>, ...) */
  scores: ReadonlyMap<string, number>;
  /**
   * Under deferred tool loading (docs/tool-search.md), every tool some search of the episode returned; absent
   * when every tool was listed. A tool not among them was never found, so never chosen, however it reads.
   */
  found?: Array<{ server: string; tool: string }>;
}

/** The model name under which the host records a `get_feedback` rating as a step of the episode. */
export const RATING_STEP_MODEL = `${HOST_STEP_MODEL_PREFIX}get_feedback`;

export const ratingSchema = z.object({
  tool: z.string().min(1),
  rating: z.number().int().min(1).max(5),
  comment: z.string().default(''),
});

/** The results a search step recorded; a refused pattern's step records an error and no results. */
const searchResultsSchema = z.object({ results: z.array(z.object({ server: z.string(), tool: z.string() })) });

/** Every tool the episode's searches returned, in search order; undefined when the episode ran with every tool listed. */
function foundBySearch(trajectory: Trajectory): Array<{ server: string; tool: string }> | undefined {
  // found@k is scored on every deferred episode and no other (src/run/deferred-loading-scores.ts)
  if (!trajectory.scores.some((s) => s.name === SCORE.labelledSteps)) return undefined;
  return trajectory.steps.flatMap((s) => {
    if (s.kind !== 'model' || s.model !== TOOL_SEARCH_STEP_MODEL) return [];
    const parsed = searchResultsSchema.safeParse(s.output);
    return parsed.success ? parsed.data.results.map(({ server, tool }) => ({ server, tool })) : [];
  });
}

export function factsFromTrajectory(task: Task, trajectory: Trajectory): EpisodeFacts {
  const { episode, steps } = trajectory;
  const calls = steps.flatMap((s) => (s.kind === 'tool' ? [storedToolCall(s)] : []));
  const found = foundBySearch(trajectory);
  return {
    ...finishedEpisode(episode, episode, calls),
    prompt: task.prompt,
    plan: task.plan,
    answer: episode.answer,
    ratings: steps.flatMap((s) => {
      if (s.kind !== 'model' || s.model !== RATING_STEP_MODEL) return [];
      const parsed = ratingSchema.safeParse(s.input);
      return parsed.success ? [parsed.data] : [];
    }),
    scores: new Map(trajectory.scores.map((s) => [s.name, s.value])),
    ...(found === undefined ? {} : { found }),
  };
}
