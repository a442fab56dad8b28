import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/models/canonical-json.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[2,{"y":2,"z":1}]},"b":1}');
  });
});
