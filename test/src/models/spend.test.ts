// The meter of a process's model calls: each call priced, and the caps.
import { describe, expect, it } from 'vitest';
import { ModelSpend } from '../../../src/models/spend.ts';

const PRICE = { input: 2, cachedInput: 0.5, output: 8 };
const tokens = (promptTokens: number, completionTokens: number, cachedPromptTokens = 0) => ({ promptTokens, completionTokens, cachedPromptTokens });

describe('the spend meter', () => {
  it('charges priced models and answers null for a model without a price, still counting its tokens', () => {
    const spend = new ModelSpend({ priced: PRICE });
    expect(spend.charge('priced', tokens(1000, 100))).toBeCloseTo(0.0028, 12);
    expect(spend.charge('other', tokens(10, 5))).toBeNull();
    expect(spend.priceOf('toString')).toBeUndefined();
    expect(spend.capReached).toBeUndefined();
  });

  it('aborts its signal with the cap that was reached, counting what the resumed run spent before', () => {
    const byCost = new ModelSpend({ priced: PRICE }, { maxCost: 0.005 }, { tokens: 0, cost: 0.003 });
    byCost.charge('priced', tokens(500, 0));
    expect(byCost.signal.aborted).toBe(false);
    byCost.charge('priced', tokens(500, 0));
    expect(byCost.capReached).toBe('cost cap');
    expect(byCost.signal.reason).toBe('cost cap');

    const byTokens = new ModelSpend({}, { maxTokens: 150 });
    byTokens.charge('unpriced', tokens(100, 49));
    expect(byTokens.capReached).toBeUndefined();
    byTokens.charge('unpriced', tokens(1, 0));
    expect(byTokens.capReached).toBe('token cap');
    // a run resumed at or past its cap stops before its first call
    expect(new ModelSpend({}, { maxTokens: 150 }, { tokens: 150, cost: 0 }).capReached).toBe('token cap');
  });
});
