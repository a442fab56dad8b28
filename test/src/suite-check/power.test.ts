import { describe, expect, it } from 'vitest';
import { episodesToDetect, minDetectableChange } from '../../../src/suite-check/power.ts';

describe('the two-proportion power behind the suite check', () => {
  it('needs 93 episodes a side to tell 50% from 70%, as the normal approximation without continuity correction gives', () => {
    expect(episodesToDetect(0.5, 0.2)).toBe(93);
    expect(episodesToDetect(0.7, -0.2)).toBe(93);
  });

  it('finds the smallest change the episodes detect, and no smaller one', () => {
    for (const [n, baseline] of [
      [22, 0.5],
      [44, 0.3],
      [320, 0.5],
    ] as const) {
      const change = minDetectableChange(n, baseline)!;
      expect(episodesToDetect(baseline, change)).toBeLessThanOrEqual(n);
      expect(episodesToDetect(baseline, change - 0.002)).toBeGreaterThan(n);
    }
    expect(minDetectableChange(22, 0.5)).toBe(0.381);
  });

  it('shrinks as the split grows, and is the same rising or falling from the middle', () => {
    const [small, large] = [minDetectableChange(44, 0.5)!, minDetectableChange(176, 0.5)!];
    expect(large).toBeLessThan(small);
    expect(minDetectableChange(44, 0.5, 'fall')).toBe(small);
  });

  it('is null when no rate in that direction is far enough: 10 episodes from 50%, or no room to rise', () => {
    expect(minDetectableChange(10, 0.5)).toBeNull();
    expect(minDetectableChange(0, 0.5)).toBeNull();
    expect(minDetectableChange(1000, 1)).toBeNull();
    expect(minDetectableChange(1000, 1, 'fall')).not.toBeNull();
  });

  it('refuses a baseline that is not a rate and a count that is not whole', () => {
    expect(() => minDetectableChange(10, 1.5)).toThrow(/baseline must be a rate/);
    expect(() => minDetectableChange(2.5, 0.5)).toThrow(/whole number/);
    expect(() => episodesToDetect(0.9, 0.2)).toThrow(/no rate/);
  });
});
