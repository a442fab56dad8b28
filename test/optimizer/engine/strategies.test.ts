import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Budget, BudgetExhausted } from '../../../optimizer/engine/budget.ts';
import { EpochSampler } from '../../../optimizer/engine/minibatch.ts';
import { Rng } from '../../../optimizer/engine/rng.ts';
import { failureAttribution, patience, roundRobin, stopFile, strictImprovement } from '../../../optimizer/engine/strategies.ts';
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

describe('stop conditions', () => {
  it('patience stops after k iterations without improvement', () => {
    expect(patience(3).check({ iteration: 9, budgetUsed: 0, sinceImprovement: 2 })).toBeUndefined();
    expect(patience(3).check({ iteration: 9, budgetUsed: 0, sinceImprovement: 3 })).toMatch(/no improvement in 3/);
  });

  it('a stop file stops once it exists', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tdo-stop-')), 'STOP');
    const stop = stopFile(path);
    expect(stop.check({ iteration: 1, budgetUsed: 0, sinceImprovement: 0 })).toBeUndefined();
    writeFileSync(path, '');
    expect(stop.check({ iteration: 1, budgetUsed: 0, sinceImprovement: 0 })).toContain(path);
  });
});

describe('budget', () => {
  it('never lets spending pass the total', () => {
    const budget = new Budget(10);
    budget.spend(6);
    expect(budget.canAfford(4)).toBe(true);
    expect(() => budget.spend(5)).toThrow(BudgetExhausted);
    expect(budget.used).toBe(6);
    expect(() => new Budget(0)).toThrow(/positive integer/);
  });
});

describe('epoch minibatches', () => {
  it('deals every task once per epoch, in a seeded order', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const sampler = new EpochSampler(ids, 3, new Rng(5));
    const epoch = [...sampler.next(), ...sampler.next()];
    expect([...epoch].sort()).toEqual(ids);
    const again = new EpochSampler(ids, 3, new Rng(5));
    expect([...again.next(), ...again.next()]).toEqual(epoch);
    expect(() => new EpochSampler([], 3, new Rng(1))).toThrow(/no training tasks/);
    expect(() => new EpochSampler(ids, 0, new Rng(1))).toThrow(/positive integer/);
  });
});
