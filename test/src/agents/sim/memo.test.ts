import { describe, expect, it } from 'vitest';
import { BoundedMap, memoized } from '../../../../src/agents/sim/memo.ts';

describe('memoized', () => {
  it('makes a value once per key and hands back the kept one after', () => {
    const store = new Map<string, number[]>();
    let made = 0;
    const make = () => [++made];
    const first = memoized(store, 'a', make);
    expect(memoized(store, 'a', make)).toBe(first);
    expect(memoized(store, 'b', make)).toEqual([2]);
    expect(made).toBe(2);
  });

  it('keeps by identity in a WeakMap', () => {
    const store = new WeakMap<object, string>();
    const key = {};
    expect(memoized(store, key, () => 'x')).toBe('x');
    expect(memoized(store, key, () => 'y')).toBe('x');
    expect(memoized(store, {}, () => 'z')).toBe('z');
  });
});

describe('BoundedMap', () => {
  it('empties itself before a new key would take it past its limit, and keeps overwriting a held key', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('b', 3);
    expect([...map]).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    map.set('c', 4);
    expect([...map]).toEqual([['c', 4]]);
  });
});
