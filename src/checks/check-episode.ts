import type { LiveToolCall } from '../host/tool-call.ts';
import { isStepReference, type AnswerCheck, type Task } from '../suite/schema.ts';
import { checkAnswer, type CheckOutcome } from './answer-check.ts';
import { checkDeal, type EpisodeScore } from './deal-check.ts';
import { checkNoTool, checkSelection } from './selection-check.ts';
import { expectedFromStep } from './step-expected.ts';

export interface EpisodeVerdict {
  success: boolean;
  /** One or two sentences the optimizer reads. */
  feedback: string;
  /** Scores beyond success that the check measured (market metrics, for example). */
  scores: EpisodeScore[];
}

/** Judges an episode by its task's check: the final answer, or what the servers reported. */
export function checkEpisode(task: Task, answer: string | null, calls: readonly LiveToolCall[]): EpisodeVerdict {
  const check = task.check;
  if (check.kind === 'answer') return { ...judgeAnswer(task, check, answer, calls), scores: [] };
  if (check.kind === 'selection') return { ...checkSelection(task, calls), scores: [] };
  if (check.kind === 'no-tool') return { ...checkNoTool(calls), scores: [] };
  // The schema requires a limit on every task with a deal check.
  return checkDeal(check, task.limit!, calls);
}

function judgeAnswer(task: Task, check: AnswerCheck, answer: string | null, calls: readonly LiveToolCall[]): CheckOutcome {
  if (!isStepReference(check.expected)) return checkAnswer({ expected: check.expected, tolerance: check.tolerance, prompt: task.prompt }, answer);
  const step = expectedFromStep(task, check.expected, calls);
  if ('missing' in step) return { success: false, feedback: `Expected ${step.missing}.` };
  const outcome = checkAnswer({ expected: step.expected, tolerance: check.tolerance, prompt: task.prompt }, answer);
  return { ...outcome, feedback: `${outcome.feedback} The expected value is ${step.source}.` };
}
