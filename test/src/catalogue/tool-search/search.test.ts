import { describe, expect, it } from 'vitest';
import { bm25Document, bm25Index } from '../../../../src/catalogue/tool-search/bm25.ts';
import { searchFields } from '../../../../src/catalogue/tool-search/fields.ts';
import { toolIndex } from '../../../../src/catalogue/tool-search/search.ts';
import { TINY } from './catalogue.ts';

describe('the BM25 tool index', () => {
  it('indexes the name, the description, the argument names and the argument descriptions', () => {
    expect(TINY.tools.map((t) => bm25Document(searchFields(t)))).toEqual([
      ['read', 'file', 'read', 'file', 'path', 'file', 'path'],
      ['write', 'file', 'write', 'text', 'file', 'path', 'text', 'file', 'path', 'text', 'write'],
      ['calcul', 'evalu', 'arithmet', 'express', 'express'],
    ]);
  });

  it('scores "read file" as computed by hand (k1 = 1.2, b = 0.75)', () => {
    // N = 3, avgdl = 23/3. IDF = ln(1 + (N - n + 0.5) / (n + 0.5)):
    //   read (in 1 document): ln(1 + 2.5/1.5) = ln(2.6667) = 0.980829
    //   file (in 2 documents): ln(1 + 1.5/2.5) = ln(1.6)   = 0.470004
    // term weight = IDF * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avgdl)):
    //   read_file, dl 7:  norm = 1.2 * (0.25 + 0.75 * 7 / 7.6667) = 1.121739
    //     read (tf 2): 0.980829 * 4.4 / 3.121739 = 1.382450
    //     file (tf 3): 0.470004 * 6.6 / 4.121739 = 0.752601      -> 2.135051
    //   write_file, dl 11: norm = 1.2 * (0.25 + 0.75 * 11 / 7.6667) = 1.591304
    //     file (tf 3): 0.470004 * 6.6 / 4.591304 = 0.675630      -> 0.675630
    //   calculator: neither term                                  -> 0
    const [read, write, calc] = bm25Index(TINY.tools.map(searchFields))('read file') as [number, number, number];
    expect(read).toBeCloseTo(2.135051, 5);
    expect(write).toBeCloseTo(0.67563, 5);
    expect(calc).toBe(0);
  });

  it('returns the top k with a score above 0, best first, ranked from 1', () => {
    const search = toolIndex(TINY, 'bm25');
    const all = search('read file', 5);
    expect(all).toEqual({
      hits: [
        { rank: 1, name: 'read_file', server: 'files', tool: 'read_file', score: expect.closeTo(2.135051, 5) },
        { rank: 2, name: 'write_file', server: 'files', tool: 'write_file', score: expect.closeTo(0.67563, 5) },
      ],
    });
    expect(search('read file', 1)).toEqual({ hits: [expect.objectContaining({ rank: 1, name: 'read_file' })] });
    // stop words only: nothing to match
    expect(search('to a', 5)).toEqual({ hits: [] });
  });
});

describe('the regex tool index', () => {
  it('ranks by the number of fields the pattern matches, ties in catalogue order', () => {
    // write_file: its name, its description and "Text to write." (3); calculator: its description (1); read_file: none
    expect(toolIndex(TINY, 'regex')('(?i)write|arith', 5)).toEqual({
      hits: [
        { rank: 1, name: 'write_file', server: 'files', tool: 'write_file', score: 3 },
        { rank: 2, name: 'calculator', server: 'files', tool: 'calculator', score: 1 },
      ],
    });
    // case matters unless (?i) says otherwise: "File" is only in the argument description "File path."
    expect(toolIndex(TINY, 'regex')('File', 5)).toEqual({
      hits: [expect.objectContaining({ name: 'read_file', score: 1 }), expect.objectContaining({ name: 'write_file', score: 1 })],
    });
    expect(toolIndex(TINY, 'regex')('(?i)file', 5)).toEqual({
      hits: [expect.objectContaining({ name: 'read_file', score: 3 }), expect.objectContaining({ name: 'write_file', score: 3 })],
    });
  });

  it('answers a bad pattern with why, and no results', () => {
    const answer = toolIndex(TINY, 'regex')('(read', 5);
    expect(answer).toEqual({ error: expect.stringContaining('"(read" is not a valid regular expression (RE2 syntax)') });
  });
});
