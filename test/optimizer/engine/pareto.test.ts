import { describe, expect, it } from 'vitest';
import { paretoFront, paretoSelector, taskFronts } from '../../../optimizer/engine/pareto.ts';
import { Rng } from '../../../optimizer/engine/rng.ts';
import type { Candidate } from '../../../optimizer/engine/types.ts';

function candidate(id: number, valScores: Record<string, number>): Candidate {
  const scores = Object.values(valScores);
  return {
    id,
    texts: {},
    parents: [],
    origin: 'mutation',
    iteration: id,
    valScores,
    valMean: scores.reduce((s, x) => s + x, 0) / scores.length,
    valMetrics: {},
    budgetUsed: 0,
  };
}

describe('Pareto front', () => {
  it('keeps every candidate that is alone best on some task, and drops one that is best nowhere', () => {
    const pool = [candidate(0, { a: 1, b: 0, c: 0 }), candidate(1, { a: 0, b: 1, c: 0 }), candidate(2, { a: 0, b: 0, c: 0 })];
    expect(paretoFront(pool)).toEqual([0, 1]);
  });

  it('removes a candidate whose best tasks are all covered by another (dominated)', () => {
    const pool = [candidate(0, { a: 1, b: 0 }), candidate(1, { a: 1, b: 1 })];
    expect(paretoFront(pool)).toEqual([1]);
  });

  it('of two identical candidates keeps the earlier one', () => {
    const pool = [candidate(0, { a: 1 }), candidate(1, { a: 1 })];
    expect(paretoFront(pool)).toEqual([0]);
  });

  it('ignores tasks nobody scores on, and falls back to the best mean when no task is won', () => {
    const pool = [candidate(0, { a: 0 }), candidate(1, { a: 0 })];
    expect(taskFronts(pool).size).toBe(0);
    expect(paretoSelector.select(pool, new Rng(1))).toBe(0);
  });

  it('draws front candidates in proportion to the tasks they are best on, never a dominated one', () => {
    const pool = [candidate(0, { a: 1, b: 1, c: 1, d: 0 }), candidate(1, { a: 0, b: 0, c: 0, d: 1 }), candidate(2, { a: 1, b: 0, c: 0, d: 0 })];
    const rng = new Rng(7);
    const counts = [0, 0, 0];
    for (let i = 0; i < 2000; i++) counts[paretoSelector.select(pool, rng)]!++;
    expect(counts[2]).toBe(0);
    // 3 wins against 1: about three times as often
    expect(counts[0]! / counts[1]!).toBeGreaterThan(2.4);
    expect(counts[0]! / counts[1]!).toBeLessThan(3.7);
  });
});
