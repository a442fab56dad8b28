import { describe, expect, it } from 'vitest';
import { quoteLimit } from '../../../../../optimizer/proposers/sim/operators/quote-limit.ts';
import { apply, erred } from './apply-operator.ts';

describe('quote-limit', () => {
  it('quotes what an error says the tool only takes, as "It"', () => {
    const views = [erred("Unexpected character 'n' at position 0. calculator only takes numbers and + - * / ** ( ).", { name: 'calculator' })];
    expect(apply(quoteLimit, 'Compute.', views)?.text).toBe('Compute. It only takes numbers and + - * / ** ( ).');
    expect(apply(quoteLimit, 'Compute.', [erred('Division by zero. Check the divisor.')])).toBeUndefined();
  });
});
