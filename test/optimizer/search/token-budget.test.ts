// The token budget as the gate enforces it: a proposed description over a budget is refused with the budget's
// rule, even one that shortens an over-budget tool without reaching the budget; under it, it goes through.
// Only a candidate within every budget can win, and the proposer is told what each tool may take.
import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../../optimizer/engine/types.ts';
import { storedOptimizeSettings } from '../../../optimizer/search/settings.ts';
import {
  budgetExcess,
  budgetGate,
  lengthCost,
  overBudgetFirst,
  tokenBudgetOf,
  toolAllowance,
  toolTokens,
  withinBudget,
} from '../../../optimizer/search/token-budget.ts';
import { roundRobin } from '../../../optimizer/engine/strategies.ts';
import { countDescriptionTokens } from '../../../traces/versions.ts';
import { openTempStore, runInput } from '../../traces/helpers.ts';

const LONG = 'Read a text file inside the working directory. It handles plain text of any encoding. Returns at most 4000 characters.';
const SHORTER = 'Read a text file inside the working directory. Returns at most 4000 characters.';
const SHORT = 'Read a text file.';
const parent = { read_file: LONG, unit_convert: 'Convert a value from one unit to another.' };
const context = { results: [] };

describe('the token budget gate', () => {
  it('counts tokens as the optimize report does', () => {
    expect(toolTokens(LONG)).toBe(countDescriptionTokens({ read_file: LONG }));
    expect(toolTokens(SHORTER)).toBeLessThan(toolTokens(LONG));
  });

  it('refuses a description over the tool budget, and lets one within it through', () => {
    const gate = budgetGate({ tool: toolTokens(SHORT) });
    expect(gate(parent, { ...parent, read_file: `${SHORT} Use it for notes.` }, context)).toEqual({ rule: 'tool-token-budget' });
    expect(gate(parent, { ...parent, read_file: SHORT }, context)).toBeUndefined();
  });

  it('refuses a proposal that shortens an over-budget tool toward the budget but not under it', () => {
    const budget = { tool: toolTokens(SHORT) };
    expect(toolTokens(SHORTER)).toBeGreaterThan(budget.tool);
    expect(budgetGate(budget)(parent, { ...parent, read_file: SHORTER }, context)).toEqual({ rule: 'tool-token-budget' });
  });

  it("judges only the changed tool against the tool budget, and the whole server's against the catalogue's", () => {
    const tool = budgetGate({ tool: toolTokens(SHORTER) });
    // read_file stays over the budget, but the proposal only changed unit_convert
    expect(tool(parent, { ...parent, unit_convert: 'Convert a length.' }, context)).toBeUndefined();
    const total = countDescriptionTokens(parent);
    const catalogue = budgetGate({ catalogue: total - 1 });
    expect(catalogue(parent, { ...parent, unit_convert: `${parent.unit_convert} It converts lengths.` }, context)).toEqual({ rule: 'catalogue-token-budget' });
    expect(catalogue(parent, { ...parent, read_file: SHORTER }, context)).toBeUndefined();
  });

  it('admits as a winner only a candidate within every budget', () => {
    expect(withinBudget({ tool: toolTokens(SHORTER) })(parent)).toBe(false);
    expect(withinBudget({ tool: toolTokens(SHORTER) })({ ...parent, read_file: SHORTER })).toBe(true);
    expect(withinBudget({ catalogue: countDescriptionTokens(parent) })(parent)).toBe(true);
  });

  it('tells the proposer what the tool may take: the tool budget, or what the catalogue budget leaves it', () => {
    const others = toolTokens(parent.unit_convert);
    expect(toolAllowance({ tool: 20 }, parent, 'read_file')).toBe(20);
    expect(toolAllowance({ catalogue: others + 12 }, parent, 'read_file')).toBe(12);
    expect(toolAllowance({ tool: 10, catalogue: others + 12 }, parent, 'read_file')).toBe(10);
    expect(toolAllowance(undefined, parent, 'read_file')).toBeUndefined();
  });

  it('weighs a token over the budget above any token within it, and tokens alone under --pareto-tokens', () => {
    const budget = { tool: toolTokens(SHORTER) };
    expect(budgetExcess(budget)(parent)).toBe(toolTokens(LONG) - toolTokens(SHORTER));
    const both = lengthCost(budget, true)!;
    expect(both({ ...parent, read_file: SHORTER })).toBeLessThan(both({ ...parent, read_file: LONG }));
    expect(lengthCost(undefined, true)!(parent)).toBe(countDescriptionTokens(parent));
    expect(lengthCost(undefined, false)).toBeUndefined();
  });

  it('rewrites the over-budget tools first while the parent has any', () => {
    const chooser = overBudgetFirst(roundRobin(), { tool: toolTokens(SHORTER) });
    const of = (texts: Record<string, string>) => ({ id: 0, texts }) as Candidate;
    expect(chooser.choose(of(parent), Object.keys(parent), {})).toEqual(['read_file']);
    expect(chooser.choose(of({ ...parent, read_file: SHORT }), Object.keys(parent), {})).toHaveLength(1);
  });
});

describe('the budget in the stored settings', () => {
  it('is kept for --resume, and read as no budget when absent', async () => {
    const store = await openTempStore();
    const settings = {
      ...{ server: 'lab', target: 'success', budget: 300, minibatch: 3, merge: false, seed: 0, componentChoice: 'attribution', selector: 'pareto' },
      ...{ reflection: true, concurrency: 4, agent: { kind: 'sim' }, proposer: { kind: 'sim' } },
      ...{ toolTokenBudget: 40, catalogueTokenBudget: 300, paretoTokens: true },
    } as const;
    const run = store.createRun({ ...runInput({ split: 'optimize' }), kind: 'optimize', settings: { optimize: settings } });
    const read = storedOptimizeSettings(store.getRun(run.id)!)!;
    expect(tokenBudgetOf(read)).toEqual({ tool: 40, catalogue: 300 });
    expect(read.paretoTokens).toBe(true);
    expect(tokenBudgetOf({})).toBeUndefined();
  });
});
