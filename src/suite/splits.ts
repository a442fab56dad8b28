import type { Split, Task } from './schema.ts';

/** The tasks of one split, or all of them. */
export function tasksForSplit(tasks: Task[], split: Split | 'all'): Task[] {
  return split === 'all' ? tasks : tasks.filter((t) => t.split === split);
}
