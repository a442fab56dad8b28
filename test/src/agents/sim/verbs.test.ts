import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERBS_FILE, verbs } from '../../../../src/agents/sim/actions/verbs.ts';

describe('the committed verb table (actions/verbs.json, from WordNet 3.1)', () => {
  it('reads inflected forms, phrasal verbs and names written as one word, in under 1 MB', () => {
    const table = verbs();
    expect(['removes', 'deleting', 'dropped', 'added', 'copies'].map((w) => table.lemma(w))).toEqual(['remove', 'delete', 'drop', 'add', 'copy']);
    expect(table.lemma('look', ['for'])).toBe('look_for');
    expect(table.lemma('lookup')).toBe('look_up');
    expect(table.lemma('triangle')).toBeUndefined();
    expect(statSync(VERBS_FILE).size).toBeLessThan(1_000_000);
  });

  it('knows how often a word is a verb: delete always, list mostly not', () => {
    expect(verbs().verbShare('delete')).toBeGreaterThan(0.9);
    expect(verbs().verbShare('list')).toBeLessThan(0.5);
    expect(verbs().verbShare('triangle')).toBe(0);
  });

  it('puts synonyms and siblings close and verbs of unrelated hierarchies at 0, antonyms too', () => {
    const sim = (a: string, b: string) => verbs().similarity(a, b, 3);
    expect(sim('delete', 'erase')).toBe(1);
    expect(sim('remove', 'delete')).toBeGreaterThan(0.6);
    expect(sim('remove', 'add')).toBe(0);
    expect(sim('forget', 'remember')).toBe(0);
    expect(sim('look_for', 'search')).toBe(1);
    expect(verbs().antonymous('forget', 'remember', 3)).toBe(true);
    expect(verbs().antonymous('connect', 'disconnect', 3)).toBe(true);
    expect(verbs().antonymous('remove', 'delete', 3)).toBe(false);
  });
});
