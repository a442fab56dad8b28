import { countCues } from '../../../../src/index.ts';
import type { EditOperator } from '../edit-operator.ts';
import { replaceSentence, sentences } from '../sentences.ts';

function isClaim(sentence: string): boolean {
  const cues = countCues(sentence);
  return cues.endorsement + cues.socialProof + cues.maintenance + cues.breadth > 0;
}

/** Takes out one sentence that makes an assertive claim, whoever wrote it (add-claim.ts, or the seed). */
export const removeClaim: EditOperator = {
  name: 'remove-claim',
  kind: 'remove-claim',
  apply(ctx) {
    const parts = sentences(ctx.text);
    const claims = parts.filter(isClaim);
    if (claims.length === 0 || parts.length < 2) return undefined;
    const gone = ctx.rng.pick(claims);
    return { text: replaceSentence(ctx.text, parts.indexOf(gone), ''), change: `- ${gone}` };
  },
};
