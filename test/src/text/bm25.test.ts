import { describe, expect, it } from 'vitest';
import { bm25Scores } from '../../../src/text/bm25.ts';

const params = { k1: 1.2, b: 0.75 };

describe('bm25Scores', () => {
  it('prefers the document holding the rarer query terms and saturates repeated terms', () => {
    const docs = [
      ['file', 'read', 'text'],
      ['file', 'write'],
      ['calcul', 'number'],
    ];
    const [read, write, calc] = bm25Scores(['read', 'file'], docs, params) as [number, number, number];
    expect(read).toBeGreaterThan(write);
    expect(write).toBeGreaterThan(calc);
    expect(calc).toBe(0);
    const [once, many] = bm25Scores(['file'], [['file'], ['file', 'file', 'file', 'file']], { k1: 1.2, b: 0 }) as [number, number];
    expect(many).toBeGreaterThan(once);
    expect(many).toBeLessThan(once * (1.2 + 1));
  });

  it('still scores a term every document shares, so a two-tool catalogue of near twins ranks', () => {
    const [a, b] = bm25Scores(
      ['area'],
      [
        ['area', 'triangl'],
        ['area', 'triangl', 'maintain', 'activ'],
      ],
      params,
    ) as [number, number];
    expect(a).toBeGreaterThan(0);
    expect(a).toBeGreaterThan(b);
  });

  it('handles empty catalogues, queries and documents', () => {
    expect(bm25Scores(['x'], [], params)).toEqual([]);
    expect(bm25Scores([], [['a']], params)).toEqual([0]);
    expect(bm25Scores(['a'], [[], []], params)).toEqual([0, 0]);
  });
});
