// What one episode of an evaluation showed, read back from the trace store, so that a live run and a
// resumed replay of the same episode yield identical facts.
import * as z from 'zod';
import type { PlanStep, Task } from '../../src/index.ts';
import { storedToolCall, type ToolCall, type Trajectory } from '../../traces/index.ts';

export interface RatingFact {
  tool: string;
  /** 1 (useless or misleading) .. 5 (exactly right) */
  rating: number;
  comment: string;
}

export interface EpisodeFacts {
  episodeId: string;
  taskId: string;
  prompt: string;
  plan: PlanStep[];
  calls: ToolCall[];
  answer: string | null;
  success: boolean;
  /** the checker's sentence plus the tool-use remarks */
  feedback: string;
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
  return {
    episodeId: episode.id,
    taskId: task.id,
    prompt: task.prompt,
    plan: task.plan,
    calls: steps.flatMap((s) => (s.kind === 'tool' ? [storedToolCall(s)] : [])),
    answer: episode.answer,
    success: episode.success === true,
    feedback: episode.feedback ?? '',
    ratings: steps.flatMap((s) => {
      if (s.kind !== 'model' || s.model !== RATING_STEP_MODEL) return [];
      const parsed = ratingSchema.safeParse(s.input);
      return parsed.success ? [parsed.data] : [];
    }),
    scores: new Map(trajectory.scores.map((s) => [s.name, s.value])),
  };
}
