// How much of each task's wording comes from the descriptions of the tools it tests (issue 54, docs/suites.md
// "Wording distance"): a task worded after a description rewards descriptions that repeat the task's words, and a
// gain measured on such tasks does not carry to users who word things their own way.
import type { CatalogueTool } from '../catalogue/catalogue-types.ts';
import { labelMatches } from '../checks/tool-labels.ts';
import { SPLITS, type Split, type Task } from '../suite/schema.ts';
import { wordOverlap } from '../text/overlap.ts';

/**
 * A task at or above this overlap is worded close to its tools' descriptions: half or more of its request's
 * content words are the descriptions' own, so a reader that matches words finds the tool from repetition as much
 * as from meaning. Against lab's accurate descriptions (test/fixtures/) 10 of its 22 test tasks reach it and 1 of
 * its 24 paraphrase tasks, written to avoid the other splits' words (docs/suites.md, "Wording distance").
 */
export const CLOSE_WORDING = 0.5;

/** How many of the closest-worded tasks the check names. */
export const CLOSEST_NAMED = 3;

/** A described tool: its server, its own name and its description. */
export type DescribedTool = Pick<CatalogueTool, 'server' | 'tool' | 'description'>;

export interface TaskOverlap {
  taskId: string;
  split: Split;
  /** the share of the prompt's content words found in the labelled tools' descriptions */
  overlap: number;
}

export interface SplitOverlap {
  /** tasks measured: those with a labelled tool among the described ones and a content word in their prompt */
  tasks: number;
  /** mean overlap; null with no task measured */
  mean: number | null;
  /** tasks at or above the threshold */
  close: number;
}

export interface WordingOverlap {
  threshold: number;
  splits: Record<Split, SplitOverlap>;
  /** the tasks with the most overlap, highest first (at most CLOSEST_NAMED, none at 0) */
  closest: TaskOverlap[];
}

/**
 * A task's overlap with the descriptions of the tools its plan labels, among `tools`; null when it labels none of
 * them (a task for LLM agents only has no plan) or its prompt has no content word.
 */
export function taskOverlap(task: Task, tools: readonly DescribedTool[]): number | null {
  const labels = task.plan.flatMap((step) => step.tools);
  const labelled = tools.filter((t) => labels.some((label) => labelMatches(label, t.server, t.tool)));
  if (labelled.length === 0) return null;
  return wordOverlap(task.prompt, labelled.map((t) => t.description).join('\n')).share;
}

/** Every measured task's overlap, in the suite's order. */
export function taskOverlaps(tasks: readonly Task[], tools: readonly DescribedTool[]): TaskOverlap[] {
  return tasks.flatMap((task) => {
    const overlap = taskOverlap(task, tools);
    return overlap === null ? [] : [{ taskId: task.id, split: task.split, overlap }];
  });
}

export function wordingOverlap(tasks: readonly Task[], tools: readonly DescribedTool[]): WordingOverlap {
  const measured = taskOverlaps(tasks, tools);
  const splits = Object.fromEntries(
    SPLITS.map((split) => {
      const mine = measured.filter((t) => t.split === split);
      const mean = mine.length === 0 ? null : mine.reduce((sum, t) => sum + t.overlap, 0) / mine.length;
      return [split, { tasks: mine.length, mean, close: mine.filter((t) => t.overlap >= CLOSE_WORDING).length }];
    }),
  ) as Record<Split, SplitOverlap>;
  // a stable sort keeps the suite's order among equal overlaps
  const closest = measured
    .filter((t) => t.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap)
    .slice(0, CLOSEST_NAMED);
  return { threshold: CLOSE_WORDING, splits, closest };
}
