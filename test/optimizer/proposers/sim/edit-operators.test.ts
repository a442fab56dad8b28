import { describe, expect, it } from 'vitest';
import { EDIT_OPERATORS } from '../../../../optimizer/proposers/sim/edit-operators.ts';

describe('the operator set', () => {
  it('has unique names and covers every edit kind', () => {
    expect(new Set(EDIT_OPERATORS.map((o) => o.name)).size).toBe(EDIT_OPERATORS.length);
    expect(new Set(EDIT_OPERATORS.map((o) => o.kind))).toEqual(new Set(['use-for', 'not-for', 'accepts', 'add-claim', 'remove-claim', 'example', 'tighten']));
  });
});
