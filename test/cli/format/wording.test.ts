import { describe, expect, it } from 'vitest';
import { wordingJson, wordingLines } from '../../../cli/format/wording.ts';
import type { WordingOverlap } from '../../../src/suite-check/wording.ts';

const split = (tasks: number, mean: number | null, close: number) => ({ tasks, mean, close });
const overlap = (test: ReturnType<typeof split>): WordingOverlap => ({
  threshold: 0.5,
  splits: { train: split(4, 0.45, 1), val: split(0, null, 0), test, paraphrase: split(3, 0.05, 0) },
  closest: [
    { taskId: 'delete-it', split: 'train', overlap: 1 },
    { taskId: 'add-one', split: 'test', overlap: 0.75 },
  ],
});

describe('the wording overlap as the suite check prints it', () => {
  it('gives the mean per split that has measured tasks, the tasks at or above the threshold and the closest', () => {
    expect(wordingLines(overlap(split(4, 0.3, 1)))).toEqual([
      "  Wording: the share of a request's content words (stemmed) that its labelled tools' descriptions hold, on average: train 45.0%, test 30.0%, paraphrase 5.0%; 50% or more in 1 of 4 train, 1 of 4 test and 0 of 3 paraphrase tasks. Closest: delete-it 100.0%, add-one 75.0%.",
    ]);
  });

  it('warns when half the test tasks or more are worded close to their descriptions', () => {
    expect(wordingLines(overlap(split(4, 0.6, 2)))[0]).toContain(
      "Half or more of the test tasks are worded close to their descriptions: a gain there may come from descriptions that repeat the tasks' words rather than from what they say",
    );
    expect(wordingLines(overlap(split(4, 0.3, 1)))[0]).not.toContain('Half or more');
  });

  it('prints nothing when no task was measured, and gives the closest tasks by id in --json', () => {
    const none: WordingOverlap = {
      threshold: 0.5,
      splits: { train: split(0, null, 0), val: split(0, null, 0), test: split(0, null, 0), paraphrase: split(0, null, 0) },
      closest: [],
    };
    expect(wordingLines(none)).toEqual([]);
    expect(wordingJson(overlap(split(4, 0.3, 1))).closest[0]).toEqual({ task: 'delete-it', split: 'train', overlap: 1 });
  });
});
