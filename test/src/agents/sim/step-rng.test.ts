import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { describe, expect, it } from 'vitest';
import { stepRng } from '../../../../src/agents/sim/step-rng.ts';

const draws = (seed: number, step: number) => {
  const rng = stepRng(seed, step);
  return [uniformFloat64(rng), uniformFloat64(rng), uniformFloat64(rng)];
};

describe('stepRng', () => {
  it('depends only on the episode seed and step index', () => {
    expect(draws(5, 2)).toEqual(draws(5, 2));
    expect(draws(5, 2)).not.toEqual(draws(5, 3));
    expect(draws(5, 2)).not.toEqual(draws(6, 2));
  });

  it('spreads first draws evenly even for small consecutive seeds', () => {
    const firsts = Array.from({ length: 2000 }, (_, seed) => uniformFloat64(stepRng(seed, 0)));
    const lowHalf = firsts.filter((u) => u < 0.5).length / firsts.length;
    expect(lowHalf).toBeGreaterThan(0.45);
    expect(lowHalf).toBeLessThan(0.55);
  });
});
