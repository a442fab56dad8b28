import { describe, expect, it } from 'vitest';
import { boundedList, MAX_LISTED } from '../../../src/text/bounded-list.ts';

describe('a list named in a message', () => {
  it('names a short list whole', () => {
    expect(boundedList(['a', 'b'])).toBe('a, b');
    expect(boundedList(['a', 'b'], { quoted: true })).toBe('"a", "b"');
  });

  it('names the first MAX_LISTED items of a longer one and counts the rest', () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `tool_${i}`);
    const text = boundedList(names);
    expect(text).toBe(`${names.slice(0, MAX_LISTED).join(', ')} and 99,990 more`);
  });

  it('cuts an item of any length', () => {
    expect(boundedList([`${'x'.repeat(64)}yyy`])).toBe(`${'x'.repeat(64)}…`);
  });
});
