import { describe, expect, it } from 'vitest';
import { addClaim } from '../../../../../optimizer/proposers/sim/operators/add-claim.ts';
import { removeClaim } from '../../../../../optimizer/proposers/sim/operators/remove-claim.ts';
import { rng } from './apply-operator.ts';

describe('remove-claim', () => {
  it('takes out the claim add-claim added', () => {
    const claimed = addClaim.apply({ text: 'Convert a value.', views: [], rng: rng(), siblings: [], component: 'convert' })!.text;
    expect(removeClaim.apply({ text: claimed, views: [], rng: rng(), siblings: [], component: 'convert' })?.text).toBe('Convert a value.');
  });
});
