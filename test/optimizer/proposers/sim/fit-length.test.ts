// The sim proposer under a token budget or --pareto-tokens: it shortens at sentence boundaries, keeps the first
// sentence and every limit, and what it writes stays careful whole sentences.
import { describe, expect, it } from 'vitest';
import { lintDescription } from '../../../../experiments/review/lint/lint.ts';
import { objectiveAgnostic, SimProposer } from '../../../../optimizer/proposers/sim/proposer.ts';
import { fitLength } from '../../../../optimizer/proposers/sim/fit-length.ts';
import { toolTokens } from '../../../../optimizer/search/token-budget.ts';
import { record } from '../records.ts';

const SEED =
  'Convert a value from one unit to another. It handles lengths, weights and temperatures in many systems. ' +
  'Conversions are computed with double precision arithmetic for every request it receives. ' +
  'Grams and ounces are converted with the international avoirdupois factor. Only units of the same dimension can be converted.';
const views = [record()].map(objectiveAgnostic);
const ctx = { before: SEED, views, siblings: ['sum'] };
const wholeSentences = (text: string) =>
  expect(lintDescription('convert', text, { tools: ['convert', 'sum'] }).filter((f) => ['run-on-sentence', 'tdo-placeholder'].includes(f.rule))).toEqual([]);

describe('fitLength', () => {
  it('drops whole sentences until the text is within the budget, keeping the first and the limit', () => {
    const maxTokens = 40;
    expect(toolTokens(SEED)).toBeGreaterThan(maxTokens);
    const edit = fitLength(SEED, { maxTokens, currentTokens: toolTokens(SEED), shorter: false }, ctx)!;
    expect(toolTokens(edit.text)).toBeLessThanOrEqual(maxTokens);
    expect(edit.text.startsWith('Convert a value from one unit to another.')).toBe(true);
    expect(edit.text).toContain('Only units of the same dimension can be converted.');
    // the sentence the tool's own request needs ("grams", "ounces") is the last to go
    expect(edit.text).toContain('Grams and ounces');
    expect(edit.text).toMatch(/\.$/);
    wholeSentences(edit.text);
  });

  it('with --pareto-tokens and no budget drops one sentence that no request of the tool needs, and none it needs', () => {
    const edit = fitLength(SEED, { currentTokens: toolTokens(SEED), shorter: true }, ctx)!;
    expect(edit.change).toBe('- Conversions are computed with double precision arithmetic for every request it receives.');
    const needed = 'Convert a value. Grams and ounces use the avoirdupois factor.';
    expect(fitLength(needed, { currentTokens: toolTokens(needed), shorter: true }, { ...ctx, before: needed })).toBeUndefined();
  });

  it('leaves a text within the budget alone, and cannot go below the first sentence and the limits', () => {
    expect(fitLength(SEED, { maxTokens: 500, currentTokens: toolTokens(SEED), shorter: false }, ctx)).toBeUndefined();
    const floor = fitLength(SEED, { maxTokens: 3, currentTokens: toolTokens(SEED), shorter: false }, ctx)!;
    expect(floor.text).toBe('Convert a value from one unit to another. Only units of the same dimension can be converted.');
  });
});

describe('the sim proposer with a length goal', () => {
  it('proposes a description within the budget, in whole sentences', async () => {
    const proposer = new SimProposer();
    for (const seed of [1, 2, 3, 4, 5]) {
      const proposal = await proposer.propose({
        iteration: 1,
        component: 'convert',
        texts: { convert: SEED, sum: 'Add numbers.' },
        dataset: [record()],
        randomSeed: seed,
        lengthGoal: { maxTokens: 45, currentTokens: toolTokens(SEED), shorter: false },
      });
      expect(proposal.ok).toBe(true);
      if (!proposal.ok) continue;
      expect(toolTokens(proposal.text)).toBeLessThanOrEqual(45);
      wholeSentences(proposal.text);
    }
  });
});
