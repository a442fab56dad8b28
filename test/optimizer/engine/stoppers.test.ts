import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUDGET_SPENT,
  budgetSpent,
  firstStop,
  patience,
  PERFECT,
  perfectCandidate,
  SOLVED_EPISODES_IN_A_ROW,
  stopFile,
  TRAIN_SOLVED,
  trainSolved,
  type SearchProgress,
} from '../../../optimizer/engine/stoppers.ts';

const progress = (p: Partial<SearchProgress> = {}): SearchProgress => ({
  iteration: 1,
  budgetUsed: 0,
  budgetRemaining: 100,
  sinceImprovement: 0,
  bestScore: 0.5,
  solvedInARow: { ids: new Set(), episodes: 0 },
  ...p,
});

describe('stop conditions', () => {
  it('the budget is spent when one iteration no longer fits', () => {
    expect(budgetSpent(6).check(progress({ budgetRemaining: 6 }))).toBeUndefined();
    expect(budgetSpent(6).check(progress({ budgetRemaining: 5 }))).toBe(BUDGET_SPENT);
  });

  it('a candidate perfect by the objective stops the search', () => {
    expect(perfectCandidate.check(progress({ bestScore: 0.99 }))).toBeUndefined();
    expect(perfectCandidate.check(progress({ bestScore: 1 }))).toBe(PERFECT);
  });

  it('the train split is solved after every train task and enough episodes in a row', () => {
    const stop = trainSolved(['a', 'b']);
    const solved = (ids: string[], episodes: number) => progress({ solvedInARow: { ids: new Set(ids), episodes } });
    expect(stop.check(solved(['a', 'b'], SOLVED_EPISODES_IN_A_ROW - 1))).toBeUndefined();
    expect(stop.check(solved(['a'], SOLVED_EPISODES_IN_A_ROW))).toBeUndefined();
    expect(stop.check(solved(['a', 'b'], SOLVED_EPISODES_IN_A_ROW))).toBe(TRAIN_SOLVED);
  });

  it('patience stops after k iterations without improvement', () => {
    expect(patience(3).check(progress({ sinceImprovement: 2 }))).toBeUndefined();
    expect(patience(3).check(progress({ sinceImprovement: 3 }))).toMatch(/no improvement in 3/);
  });

  it('a stop file stops once it exists', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tdo-stop-')), 'STOP');
    const stop = stopFile(path);
    expect(stop.check(progress())).toBeUndefined();
    writeFileSync(path, '');
    expect(stop.check(progress())).toContain(path);
  });

  it('the first condition with a reason wins, in the order given', () => {
    const both = progress({ budgetRemaining: 0, bestScore: 1 });
    expect(firstStop([budgetSpent(6), perfectCandidate], both)).toBe(BUDGET_SPENT);
    expect(firstStop([perfectCandidate, budgetSpent(6)], both)).toBe(PERFECT);
    expect(firstStop([patience(3)], progress())).toBeUndefined();
  });
});
