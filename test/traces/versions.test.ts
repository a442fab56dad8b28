import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, contentHash, countDescriptionTokens } from '../../traces/index.ts';

describe('version identity', () => {
  it('hashes the same map identically whatever its key order', () => {
    const a = { search: 'Find documents.', fetch: 'Fetch one document by id.', '10': 'numeric-looking name' };
    const b = { '10': 'numeric-looking name', fetch: 'Fetch one document by id.', search: 'Find documents.' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(contentHash(a)).toBe(contentHash(b));
    expect(contentHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes canonical JSON with sorted keys that parses back to the map', () => {
    const map = { b: 'two "quoted"', a: 'one\nline', C: 'upper sorts first' };
    expect(canonicalJson(map)).toBe('{"C":"upper sorts first","a":"one\\nline","b":"two \\"quoted\\""}');
    expect(JSON.parse(canonicalJson(map))).toEqual(map);
  });

  it('tells different maps apart, including a moved description', () => {
    expect(contentHash({ a: 'x', b: 'y' })).not.toBe(contentHash({ a: 'y', b: 'x' }));
    expect(contentHash({ a: 'x' })).not.toBe(contentHash({ a: 'x ' }));
  });

  it('counts o200k_base tokens of every description, treating special-token text as text', () => {
    const map = { search: 'Search the catalogue by keyword.', raw: 'ends with <|endoftext|> literally' };
    const expected = Object.values(map).reduce((sum, text) => sum + encode(text, { disallowedSpecial: new Set() }).length, 0);
    expect(countDescriptionTokens(map)).toBe(expected);
    expect(countDescriptionTokens({})).toBe(0);
  });

  it('counts long prose exactly, in chunks', () => {
    const prose = ['agents.md', 'optimizer.md'].map((page) => readFileSync(new URL(`../../docs/${page}`, import.meta.url), 'utf8')).join('\n');
    expect(prose.length).toBeGreaterThan(20_000);
    expect(countDescriptionTokens({ prose })).toBe(encode(prose, { disallowedSpecial: new Set() }).length);
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }), { minLength: 400, maxLength: 900 }), (words) => {
        const text = words.join(' ');
        expect(countDescriptionTokens({ text })).toBe(encode(text, { disallowedSpecial: new Set() }).length);
      }),
      { numRuns: 30 },
    );
  });

  // The tokenizer's merge step is quadratic in the length of a run without spaces: one such
  // description of 1 MB took over 10 minutes, holding the event loop (and SIGTERM) the whole time.
  it('counts 1 MB without a single space in linear time, within a token per chunk of exact', () => {
    const run = 'x'.repeat(40_000);
    const exact = encode(run, { disallowedSpecial: new Set() }).length;
    expect(Math.abs(countDescriptionTokens({ run }) - exact)).toBeLessThanOrEqual(40_000 / 1024);
    expect(countDescriptionTokens({ long: letters(1_048_576) })).toBeGreaterThan(100_000);
  });
});

/** Letters without spaces and without repeats the tokenizer's cache could serve. */
function letters(length: number): string {
  let state = 1;
  return Array.from({ length }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return String.fromCharCode(97 + (state % 26));
  }).join('');
}
