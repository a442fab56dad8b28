import { describe, expect, it } from 'vitest';
import { terms, words } from '../../../src/text/words.ts';

describe('words', () => {
  it('splits snake_case, camelCase, dotted, dashed and digit-suffixed names', () => {
    expect(words('math.triangleArea2')).toEqual(['math', 'triangle', 'area', '2']);
    expect(words('read_file get-user HTTPServer')).toEqual(['read', 'file', 'get', 'user', 'http', 'server']);
  });

  it('returns nothing for empty or punctuation-only text', () => {
    expect(words('')).toEqual([]);
    expect(words(' -- ... ')).toEqual([]);
  });
});

describe('terms', () => {
  it('drops stop words, numbers and single letters and stems the rest', () => {
    expect(terms('Find the area of a triangle with a base of 10 units')).toEqual(['find', 'area', 'triangl', 'base', 'unit']);
    expect(terms('It does not read files')).toEqual(['read', 'file']);
  });

  it('matches inflections of the same word', () => {
    expect(terms('calculating')).toEqual(terms('calculate'));
    expect(terms('Files')).toEqual(terms('file'));
  });
});
