// The suite check's wording overlap (src/suite-check/wording.ts) as the check prints it and as --json gives it.
import { percent } from '../../experiments/index.ts';
import { proseList, SPLITS, type WordingOverlap } from '../../src/index.ts';

export function wordingJson(w: WordingOverlap) {
  return {
    threshold: w.threshold,
    splits: w.splits,
    closest: w.closest.map((t) => ({ task: t.taskId, split: t.split, overlap: t.overlap })),
  };
}

/** One line: the mean overlap per split, the tasks at or above the threshold, the closest tasks; none when no task was measured. */
export function wordingLines(w: WordingOverlap): string[] {
  const splits = SPLITS.filter((s) => w.splits[s].tasks > 0);
  if (splits.length === 0) return [];
  const means = splits.map((s) => `${s} ${percent(w.splits[s].mean!)}`).join(', ');
  const close = proseList(splits.map((s) => `${w.splits[s].close} of ${w.splits[s].tasks} ${s}`));
  const closest = w.closest.length === 0 ? '' : ` Closest: ${w.closest.map((t) => `${t.taskId} ${percent(t.overlap)}`).join(', ')}.`;
  const test = w.splits.test;
  const warning =
    test.tasks > 0 && test.close * 2 >= test.tasks
      ? " Half or more of the test tasks are worded close to their descriptions: a gain there may come from descriptions that repeat the tasks' words rather than from what they say; tasks in users' own words (a paraphrase split) tell the two apart."
      : '';
  return [
    `  Wording: the share of a request's content words (stemmed) that its labelled tools' descriptions hold, on average: ${means}; ${percent(w.threshold, 0)} or more in ${close} tasks.${closest}${warning}`,
  ];
}
