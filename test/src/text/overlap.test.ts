import { describe, expect, it } from 'vitest';
import { wordingOverlap } from '../../../src/text/overlap.ts';

describe('wordingOverlap', () => {
  it("is the share of the text's distinct content words, stemmed, that the reference also uses", () => {
    // content words: convert, temperatur, celsiu, fahrenheit; the reference holds convert (converts) and temperatur
    const o = wordingOverlap('convert the temperature 30 Celsius to Fahrenheit', 'Converts a temperature between units.');
    expect(o.shared).toEqual(['convert', 'temperatur']);
    expect(o.share).toBe(0.5);
  });

  it('counts a repeated word once, ignores stop words and numbers, and is 0 for a text with no content word', () => {
    expect(wordingOverlap('file file file report', 'Read a file.').share).toBe(0.5);
    expect(wordingOverlap('is it the 42?', 'anything at all')).toEqual({ share: 0, shared: [] });
    expect(wordingOverlap('warm up my tea', 'Converts a temperature between units.').share).toBe(0);
  });
});
