import { describe, expect, it } from 'vitest';
import { heldOutChanges } from '../../../cli/format/optimize-intervals.ts';
import type { CandidateSummary, SplitScores } from '../../../optimizer/search/optimize.ts';
import { wilson } from '../../../src/index.ts';

const split = (successes: number, tasks: number): SplitScores => ({
  score: successes / tasks,
  success: wilson(successes, tasks),
  firstChoiceShare: 1,
  usedServer: 1,
});
const candidate = (test: SplitScores | null, paraphrase: SplitScores | null): CandidateSummary => ({
  candidate: 0,
  val: split(5, 10),
  test,
  paraphrase,
  tokens: 10,
  descriptions: {},
});

describe('optimize summary intervals', () => {
  it('compares the held-out splits both candidates were run on, and only those', () => {
    const changes = heldOutChanges(candidate(split(11, 22), null), candidate(split(16, 22), split(20, 24)));
    expect(Object.keys(changes)).toEqual(['test']);
    expect(changes.test!.delta).toBeCloseTo(5 / 22, 12);
    // 5 more successes of 22 is not enough to rule out no change at 95%
    expect(changes.test!.low).toBeLessThan(0);
    expect(changes.test!.high).toBeGreaterThan(changes.test!.delta);
    const large = heldOutChanges(candidate(split(2, 40), split(2, 40)), candidate(split(30, 40), split(30, 40)));
    expect(large.paraphrase!.low).toBeGreaterThan(0.4);
  });
});
