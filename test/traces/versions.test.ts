import { encode } from 'gpt-tokenizer/encoding/o200k_base';
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
    const expected = Object.values(map).reduce(
      (sum, text) => sum + encode(text, { disallowedSpecial: new Set() }).length,
      0,
    );
    expect(countDescriptionTokens(map)).toBe(expected);
    expect(countDescriptionTokens({})).toBe(0);
  });
});
