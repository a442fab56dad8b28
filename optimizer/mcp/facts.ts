// What one episode of an evaluation showed, read back from the trace store, so that a live run and a
// resumed replay of the same episode yield identical facts.
import * as z from 'zod';
import { finishedEpisode, type FinishedEpisode, type PlanStep, type Task } from '../../src/index.ts';
import { storedToolCall, type Trajectory } from '../../traces/index.ts';

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
}

/** The model name under which the host records a `get_feedback` rating as a step of the episode. */
export const RATING_STEP_MODEL = 'host:get_feedback';

export const ratingSchema = z.object({
  tool: z.string().min(1),
  rating: z.number().int().min(1).max(5),
  comment: z.string().default(''),
});

export function factsFromTrajectory(task: Task, trajectory: Trajectory): EpisodeFacts {
  const { episode, steps } = trajectory;
  const calls = steps.flatMap((s) => (s.kind === 'tool' ? [storedToolCall(s)] : []));
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
  };
}
