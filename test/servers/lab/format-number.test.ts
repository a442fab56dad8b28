import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../servers/lab/format-number.ts';

describe('formatNumber', () => {
  it.each([
    [0.1 + 0.2, '0.3'],
    [69504, '69504'],
    [123456789012345, '123456789012345'],
    [1 / 3, '0.333333333333'],
    [2.5, '2.5'],
    [-0, '0'],
    [-7.25, '-7.25'],
    [8.04672, '8.04672'],
    [212.00000000000003, '212'],
    [1e-7, '1e-7'],
    [1e300, '1e+300'],
  ])('formats %d as %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it('refuses non-finite numbers', () => {
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
