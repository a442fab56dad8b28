import { createHash } from 'node:crypto';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** A seed derived from a base seed and labels, so separate streams never share draws. */
export function deriveSeed(seed: number, ...labels: Array<string | number>): number {
  return createHash('sha256')
    .update([seed, ...labels].join('\0'))
    .digest()
    .readInt32BE(0);
}

/** A seeded random stream (pure-rand xoroshiro128+) with the draws the optimizer needs. */
export class Rng {
  private readonly generator: RandomGenerator;

  constructor(seed: number, ...labels: Array<string | number>) {
    // Hashing first: xoroshiro seeded directly with a small integer starts with poorly mixed draws.
    this.generator = xoroshiro128plus(deriveSeed(seed, 'rng', ...labels));
  }

  /** Uniform integer in [from, to]. */
  int(from: number, to: number): number {
    return uniformInt(this.generator, from, to);
  }

  /** Uniform in [0, 1). */
  float(): number {
    return uniformFloat64(this.generator);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  /** Index drawn with probability proportional to its (non-negative) weight; uniform when all are 0. */
  weightedIndex(weights: readonly number[]): number {
    const total = weights.reduce((s, w) => s + w, 0);
    if (total <= 0) return this.int(0, weights.length - 1);
    let r = this.float() * total;
    for (const [i, w] of weights.entries()) {
      r -= w;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** `k` distinct items in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, k);
  }
}
