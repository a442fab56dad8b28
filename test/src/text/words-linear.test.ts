// Issue 34, finding 3: the word splitter's `([A-Z]+)([A-Z][a-z])` retried every capital of a run to its end.
import { describe, expect, it } from 'vitest';
import { words } from '../../../src/text/words.ts';

/** The fastest of five runs, in milliseconds. */
function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('words on a long run of capitals', () => {
  it('splits 50,000 capitals about as fast as 50,000 characters of plain words (a ratio, measured side by side)', () => {
    const capitals = 'A'.repeat(50_000);
    const plain = 'Ab '.repeat(16_667).slice(0, 50_000);
    expect(words(`${capitals}Bc`)).toEqual([`${capitals.toLowerCase()}`, 'bc']);
    // the old pattern took seconds here, thousands of times the plain text's time
    expect(
      fastest(() => words(capitals)) /
        Math.max(
          fastest(() => words(plain)),
          0.01,
        ),
    ).toBeLessThan(20);
  });
});
