import { describe, expect, it } from 'vitest';
import { addClaim } from '../../../../../optimizer/proposers/sim/operators/add-claim.ts';
import { countCues } from '../../../../../src/text/cues.ts';
import { rng } from './apply-operator.ts';

describe('add-claim', () => {
  it('adds an assertive cue', () => {
    const claimed = addClaim.apply({ text: 'Convert a value.', views: [], rng: rng(), siblings: [], component: 'convert' })!.text;
    const cues = countCues(claimed);
    expect(cues.endorsement + cues.socialProof + cues.maintenance).toBeGreaterThan(0);
  });
});
