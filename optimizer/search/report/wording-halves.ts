// Whether the winner's gain is on test tasks worded close to its server's descriptions or far from them (issue 54,
// docs/suites.md "Wording distance"): a gain only on tasks that repeat the descriptions' words may be repetition,
// which users who word things their own way would not see.
import { SCORE, taskOverlaps, type Task } from '../../../src/index.ts';
import type { TaskResult, Texts } from '../../engine/types.ts';

/** One half of the test tasks: its tasks, their episodes (a task per agent) and the successes of seed and best on them. */
export interface WordingHalf {
  tasks: number;
  episodes: number;
  seedSuccesses: number;
  bestSuccesses: number;
}

export interface WordingHalves {
  /** the median overlap of the measured test tasks with the seed's descriptions: above it a task is close, else far */
  median: number;
  close: WordingHalf;
  far: WordingHalf;
  /** test tasks not measured: they label none of the server's tools, or their prompt has no content word */
  unmeasured: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The test tasks split at the median of their overlap with the seed's descriptions of the server's tools (the
 * seed's, since the winner's may have learned the tasks' words), with seed and best on each half; null when no test
 * task is measured. `taskOf` maps a result's instance id to its task (with several agents, "task@agent").
 */
export function wordingHalves(
  testTasks: readonly Task[],
  seed: Texts,
  server: string,
  results: { seed: readonly TaskResult<unknown>[]; best: readonly TaskResult<unknown>[] },
  taskOf: (instanceId: string) => string,
): WordingHalves | null {
  const tools = Object.entries(seed).map(([tool, description]) => ({ server, tool, description }));
  const overlaps = new Map(taskOverlaps(testTasks, tools).map((t) => [t.taskId, t.overlap]));
  if (overlaps.size === 0) return null;
  const cut = median([...overlaps.values()]);
  const half = (close: boolean): WordingHalf => {
    const mine = (r: TaskResult<unknown>) => {
      const overlap = overlaps.get(taskOf(r.taskId));
      return overlap !== undefined && overlap > cut === close;
    };
    const successes = (rs: readonly TaskResult<unknown>[]) => rs.filter(mine).reduce((n, r) => n + (r.metrics[SCORE.success] ?? 0), 0);
    return {
      tasks: [...overlaps.values()].filter((o) => o > cut === close).length,
      episodes: results.seed.filter(mine).length,
      seedSuccesses: successes(results.seed),
      bestSuccesses: successes(results.best),
    };
  };
  return { median: cut, close: half(true), far: half(false), unmeasured: testTasks.length - overlaps.size };
}
