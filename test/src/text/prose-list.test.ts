import { describe, expect, it } from 'vitest';
import { proseList } from '../../../src/text/prose-list.ts';

describe('proseList', () => {
  it('names nothing, one, two and more things as a sentence does', () => {
    expect(proseList([])).toBe('');
    expect(proseList(['a'])).toBe('a');
    expect(proseList(['a', 'b'])).toBe('a and b');
    expect(proseList(['a', 'b', 'c'], 'or')).toBe('a, b or c');
  });
});
