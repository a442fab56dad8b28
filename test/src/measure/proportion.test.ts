import { describe, expect, it } from 'vitest';
import { differenceIfMeasured, differenceInterval, meanShare, wilson } from '../../../src/measure/proportion.ts';

describe('wilson', () => {
  it('matches published 95% Wilson intervals', () => {
    // Reference values: Brown, Cai & DasGupta (2001) / R's prop.test(correct = FALSE).
    const half = wilson(5, 10);
    expect(half.rate).toBe(0.5);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    const some = wilson(81, 263);
    expect(some.low).toBeCloseTo(0.2553, 4);
    expect(some.high).toBeCloseTo(0.3662, 4);
  });

  it('stays inside [0, 1] and is not degenerate at 0 or n successes', () => {
    const none = wilson(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
    const all = wilson(10, 10);
    expect(all.low).toBeCloseTo(0.7225, 4);
    expect(all.high).toBe(1);
  });

  it('narrows as the sample grows', () => {
    const small = wilson(3, 6);
    const large = wilson(300, 600);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
  });

  it('gives the uninformative interval for no episodes and rejects impossible counts', () => {
    expect(wilson(0, 0)).toMatchObject({ low: 0, high: 1, n: 0, rate: null });
    // a difference needs both sides measured
    expect(() => differenceInterval(wilson(0, 0), wilson(1, 2))).toThrow(RangeError);
    expect(differenceIfMeasured(wilson(0, 0), wilson(1, 2))).toBeNull();
    expect(differenceIfMeasured(wilson(1, 2), wilson(2, 2))).toEqual(differenceInterval(wilson(1, 2), wilson(2, 2)));
    expect(() => wilson(3, 2)).toThrow(RangeError);
    expect(() => wilson(-1, 2)).toThrow(RangeError);
    expect(() => wilson(1.5, 2)).toThrow(RangeError);
  });
});

describe('differenceInterval', () => {
  it("matches Newcombe's (1998) worked example: 56/70 vs 48/80", () => {
    const d = differenceInterval(wilson(48, 80), wilson(56, 70));
    expect(d.delta).toBeCloseTo(0.2, 10);
    expect(d.low).toBeCloseTo(0.0524, 4);
    expect(d.high).toBeCloseTo(0.3339, 4);
  });

  it('contains 0 for identical samples and is antisymmetric', () => {
    const d = differenceInterval(wilson(7, 20), wilson(7, 20));
    expect(d.low).toBeLessThan(0);
    expect(d.high).toBeGreaterThan(0);
    const ab = differenceInterval(wilson(3, 20), wilson(12, 20));
    const ba = differenceInterval(wilson(12, 20), wilson(3, 20));
    expect(ab.low).toBeCloseTo(-ba.high, 12);
  });
});

describe('meanShare', () => {
  it('is the Wilson interval itself for 0/1 values', () => {
    expect(meanShare([1, 0, 1, 0, 1, 0, 1, 0, 1, 0])).toEqual(wilson(5, 10));
    expect(meanShare([])).toEqual(wilson(0, 0));
  });

  it('averages fractional shares, with the interval a 0/1 outcome of the same mean would have', () => {
    const shares = meanShare([0.5, 0.5, 0.5, 0.5]);
    expect(shares.rate).toBe(0.5);
    expect([shares.low, shares.high]).toEqual([wilson(2, 4).low, wilson(2, 4).high]);
    const thirds = meanShare([1 / 3, 2 / 3, 1, 0, 1 / 3, 2 / 3]);
    expect(thirds.rate).toBeCloseTo(0.5, 12);
    expect(thirds.low).toBeGreaterThan(0);
    expect(thirds.high).toBeLessThan(1);
    expect(meanShare([1, 1]).high).toBe(1);
    expect(meanShare([0, 0]).low).toBe(0);
  });

  it('refuses a value outside [0, 1]', () => {
    expect(() => meanShare([0.5, 1.5])).toThrow(RangeError);
    expect(() => meanShare([Number.NaN])).toThrow(RangeError);
  });
});
