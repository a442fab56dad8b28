import { describe, expect, it } from 'vitest';
import { trimUse } from '../../../../../optimizer/proposers/sim/operators/trim-use.ts';
import { apply, texts } from './apply-operator.ts';

describe('trim-use', () => {
  it('drops one word, and the sentence with its last noun', () => {
    expect(new Set(texts(trimUse, 'Convert. Use it for questions about grams and ounces.', []))).toEqual(
      new Set(['Convert. Use it for questions about grams.', 'Convert. Use it for questions about ounces.']),
    );
    expect(apply(trimUse, 'Convert. Use it for questions about grams. Fast.', [])?.text).toBe('Convert. Fast.');
    expect(apply(trimUse, 'Convert.', [])).toBeUndefined();
  });
});
