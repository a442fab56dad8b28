import { describe, expect, it } from 'vitest';
import { Budget, BudgetExhausted } from '../../../optimizer/engine/budget.ts';
import { EpochSampler } from '../../../optimizer/engine/minibatch.ts';
import { Rng } from '../../../optimizer/engine/rng.ts';
import { failureAttribution, roundRobin, strictImprovement } from '../../../optimizer/engine/strategies.ts';
import type { Candidate } from '../../../optimizer/engine/types.ts';

const parent: Candidate = {
  id: 0,
  texts: { a: '', b: '', c: '' },
  parents: [],
  origin: 'seed',
  iteration: 0,
  valScores: {},
  valMean: 0,
  valMetrics: {},
  budgetUsed: 0,
};

describe('acceptance', () => {
  it('accepts only a strictly higher minibatch total', () => {
    expect(strictImprovement.judge([0, 1, 0], [1, 1, 0]).accepted).toBe(true);
    expect(strictImprovement.judge([0, 1, 0], [1, 0, 0]).accepted).toBe(false);
    expect(strictImprovement.judge([0, 1, 0], [0, 0, 0]).accepted).toBe(false);
    expect(strictImprovement.judge([0.5], [0.25]).reason).toMatch(/not above/);
  });
});

describe('component choice', () => {
  it('round-robin cycles per parent', () => {
    const chooser = roundRobin();
    expect([1, 2, 3, 4].map(() => chooser.choose(parent, ['a', 'b', 'c'], {})).flat()).toEqual(['a', 'b', 'c', 'a']);
  });

  it('attribution picks every implicated component, and round-robin when none is', () => {
    const chooser = failureAttribution();
    expect(chooser.choose(parent, ['a', 'b', 'c'], { b: 2, c: 1 })).toEqual(['b', 'c']);
    expect(chooser.choose(parent, ['a', 'b', 'c'], {})).toEqual(['a']);
    expect(chooser.choose(parent, ['a', 'b', 'c'], { a: 0 })).toEqual(['b']);
  });
});
