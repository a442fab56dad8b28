import { describe, expect, it } from 'vitest';
import { normalizeByMax } from '../../../../src/agents/sim/relevance.ts';

describe('normalizeByMax', () => {
  it('maps the best score to 1 and leaves all-zero scores at 0', () => {
    expect(normalizeByMax([2, 1, 0])).toEqual([1, 0.5, 0]);
    expect(normalizeByMax([0, 0])).toEqual([0, 0]);
    expect(normalizeByMax([])).toEqual([]);
  });
});
