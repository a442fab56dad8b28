// A split's scores as every optimize report gives them: the target's mean score and the measurements each
// episode recorded (optimizer/adapter/targets.ts), averaged over the split's results.
import { SCORE, wilson, type Proportion } from '../../../src/index.ts';
import type { TaskResult } from '../../engine/types.ts';

/** Means over a split's episodes of the target's score and of the scores each episode recorded. */
export interface SplitScores {
  score: number;
  success_rate: number;
  /** the successful episodes (each a success or not); absent in reports stored before it was kept (splitSuccess) */
  successes?: number;
  /** the share of the agent's first choices that went to the server (`--target selection` optimizes it) */
  first_choice_share: number;
  /** the share of episodes that called the server at all */
  used_server: number;
  /**
   * Under deferred tool loading: the share of labelled steps whose tool some search returned (a ratio of the
   * split's sums, as a mean of each over the same episodes); absent with every tool listed.
   */
  found_at_k?: number;
  tasks: number;
}

export function splitScores(results: readonly TaskResult<unknown>[]): SplitScores {
  const mean = (f: (r: TaskResult<unknown>) => number) => (results.length === 0 ? 0 : results.reduce((s, r) => s + f(r), 0) / results.length);
  const metric = (name: string) => mean((r) => r.metrics[name] ?? 0);
  return { score: mean((r) => r.score), ...metricScores(metric), successes: successCount(results), tasks: results.length };
}

/** The episodes among these results that succeeded (each records success as 1 or 0, optimizer/adapter/targets.ts). */
export function successCount(results: readonly TaskResult<unknown>[]): number {
  return results.reduce((n, r) => n + (r.metrics[SCORE.success] ?? 0), 0);
}

/**
 * A split's success as a count of successful episodes with its interval. A report stored before the count was
 * kept has only the mean, which over 0/1 outcomes rounds back to the count exactly; this is the one place that does.
 */
export function splitSuccess(scores: Pick<SplitScores, 'success_rate' | 'successes' | 'tasks'>): Proportion {
  return wilson(scores.successes ?? Math.round(scores.success_rate * scores.tasks), scores.tasks);
}

/** The metrics every episode reports (optimizer/adapter/targets.ts), by their names in the summary. */
export function metricScores(metric: (name: string) => number): Pick<SplitScores, 'success_rate' | 'first_choice_share' | 'used_server' | 'found_at_k'> {
  const steps = metric(SCORE.labelledSteps);
  return {
    success_rate: metric(SCORE.success),
    first_choice_share: metric(SCORE.firstChoiceShare),
    used_server: metric(SCORE.usedServer),
    ...(steps > 0 ? { found_at_k: metric(SCORE.labelledStepsFound) / steps } : {}),
  };
}
