import type { ToolCallEvent } from '../host/host.ts';
import type { Task } from '../suite/schema.ts';
import { checkAnswer } from './answer-check.ts';
import { checkDeal, type EpisodeScore } from './deal-check.ts';
import { checkSelection } from './selection-check.ts';

export interface EpisodeVerdict {
  success: boolean;
  /** One or two sentences the optimizer reads. */
  feedback: string;
  /** Scores beyond success that the check measured (market metrics, for example). */
  scores: EpisodeScore[];
}

/** Judges an episode by its task's check: the final answer, or what the servers reported. */
export function checkEpisode(task: Task, answer: string | null, calls: readonly ToolCallEvent[]): EpisodeVerdict {
  const check = task.check;
  if (check.kind === 'answer') return { ...checkAnswer(check, answer), scores: [] };
  if (check.kind === 'selection') return { ...checkSelection(task, calls), scores: [] };
  // The schema requires a limit on every task with a deal check.
  return checkDeal(check, task.limit!, calls);
}
