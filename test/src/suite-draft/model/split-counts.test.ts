import { describe, expect, it } from 'vitest';
import { splitInTurn, toolSplitCounts } from '../../../../src/suite-draft/model/split-counts.ts';

describe('toolSplitCounts', () => {
  it('gives train at least two and every other split at least one, summing to the requests asked for', () => {
    for (let n = 5; n <= 23; n++) {
      const c = toolSplitCounts(n);
      expect(c.train + c.val + c.test + c.paraphrase).toBe(n);
      expect(c.train).toBeGreaterThanOrEqual(2);
      expect(Math.min(c.val, c.test, c.paraphrase)).toBeGreaterThanOrEqual(1);
    }
    expect(toolSplitCounts(5)).toEqual({ train: 2, val: 1, test: 1, paraphrase: 1 });
    expect(toolSplitCounts(10)).toEqual({ train: 4, val: 2, test: 2, paraphrase: 2 });
  });

  it('refuses fewer than five requests, which cannot fill the splits', () => {
    expect(() => toolSplitCounts(4)).toThrow(/at least 5 requests/);
  });

  it('spreads the other kinds over the splits in turn', () => {
    expect([0, 1, 2, 3, 4].map(splitInTurn)).toEqual(['train', 'val', 'test', 'paraphrase', 'train']);
  });
});
