// Pricing a call: fresh and cached prompt tokens and completion tokens, per million.
import { describe, expect, it } from 'vitest';
import { callCost, formatCost } from '../../../src/models/prices.ts';

const PRICE = { input: 2, cachedInput: 0.5, output: 8 };
const tokens = (promptTokens: number, completionTokens: number, cachedPromptTokens = 0) => ({ promptTokens, completionTokens, cachedPromptTokens });

describe('the cost of a call', () => {
  it('prices fresh prompt, cached prompt and completion tokens per million, cached at input without a cached price', () => {
    expect(callCost(PRICE, tokens(1000, 100, 400))).toBeCloseTo((600 * 2 + 400 * 0.5 + 100 * 8) / 1e6, 15);
    expect(callCost({ input: 2, output: 8 }, tokens(1000, 100, 400))).toBeCloseTo((1000 * 2 + 100 * 8) / 1e6, 15);
    expect(formatCost(null)).toBe('price unknown');
    expect(formatCost(0.0021)).toBe('$0.002100');
    expect(formatCost(1.5)).toBe('$1.5000');
  });

  it('is never negative, even for more cached tokens than prompt tokens', () => {
    expect(callCost(PRICE, tokens(10, 5, 1_000_000))).toBeGreaterThanOrEqual(0);
  });
});
