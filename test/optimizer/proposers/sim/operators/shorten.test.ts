import { describe, expect, it } from 'vitest';
import { shorten } from '../../../../../optimizer/proposers/sim/operators/shorten.ts';
import { apply, texts } from './apply-operator.ts';

describe('shorten', () => {
  it('drops a sentence but never the first nor one that states a limit', () => {
    expect(apply(shorten, 'One. Two. Three.', [])?.text.split('. ')).toHaveLength(2);
    expect(apply(shorten, 'One.', [])).toBeUndefined();
    for (const text of texts(
      shorten,
      'Evaluate an expression. Numbers and + - * / ** only. Returns at most 4000 characters. It does not read files. Fast.',
      [],
    )) {
      expect(text).toBe('Evaluate an expression. Numbers and + - * / ** only. Returns at most 4000 characters. It does not read files.');
    }
  });
});
