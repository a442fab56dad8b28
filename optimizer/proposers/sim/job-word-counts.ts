// The job words of the steps an episode asked for, counted by the tasks they came up in: a word of more tasks
// names a kind of request, a word of one task names that request (the use-for operators in operators/).
import type { EpisodeView } from '../../adapter/reflection.ts';
import { jobWords, type JobWords } from './phrasing.ts';
import { taskCounts } from './task-counts.ts';

export interface JobWordCounts {
  verbs: Map<string, number>;
  nouns: Map<string, number>;
}

/** Job words of the given steps, each with the number of tasks it came up in (more tasks: more general). */
export function jobWordCounts(steps: ReadonlyArray<{ task: string; intent: string }>): JobWordCounts {
  const parsed = steps.map(({ task, intent }): { task: string; words: JobWords } => ({ task, words: jobWords(intent) }));
  return {
    verbs: taskCounts(parsed.flatMap(({ task, words }) => words.verbs.map((v) => [v, task] as const))),
    nouns: taskCounts(parsed.flatMap(({ task, words }) => words.nouns.map((n) => [n, task] as const))),
  };
}

/** The steps the labels give the tool being rewritten, with their tasks. */
export function ownSteps(views: readonly EpisodeView[]): Array<{ task: string; intent: string }> {
  return views.flatMap((v) => v.steps.filter((s) => s.forComponent).map((s) => ({ task: v.task, intent: s.intent })));
}
