import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VECTORS_FILE, wordVectors } from '../../../../src/agents/sim/vectors/vectors.ts';

const cosine = (a: string, b: string) => {
  const [x, y] = [wordVectors().lookup(a)!.vector, wordVectors().lookup(b)!.vector];
  return x.reduce((sum, v, i) => sum + v * y[i]!, 0);
};

describe('the committed word vectors (vectors/glove.bin)', () => {
  it('hold the 100,000 most frequent alphabetic GloVe words in 100 dimensions, most frequent first, in under 15 MB', () => {
    const table = wordVectors();
    expect([table.size, table.dims]).toEqual([100_000, 100]);
    expect(table.lookup('the')!.rank).toBe(0);
    expect(table.lookup('triangle')!.rank).toBeGreaterThan(table.lookup('house')!.rank);
    expect(table.lookup('read_file')).toBeUndefined();
    expect(table.lookup('42')).toBeUndefined();
    expect(statSync(VECTORS_FILE).size).toBeLessThan(15_000_000);
  });

  it('are unit vectors that put related words closer than unrelated ones', () => {
    for (const word of ['file', 'currency', 'zodiac']) expect(cosine(word, word)).toBeCloseTo(1, 2);
    expect(cosine('folder', 'directory')).toBeGreaterThan(cosine('folder', 'currency'));
    expect(cosine('diet', 'vegetarian')).toBeGreaterThan(0.5);
  });
});
