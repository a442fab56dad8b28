/**
 * The promotional claims of a description, in the order the lint reports them: the phrases of the sim agent's cue
 * lexicon in reading order (src/text/cues.ts), so the lint and the selection model agree on what sways a model, then
 * the superlatives only the lint looks for (patterns.ts, EXTRA_INFLATION), pattern by pattern. The claim rules
 * (rules/inflated-claim.ts, social-proof.ts, unverifiable-claim.ts) flag them, and missing-purpose reads the
 * description without them. No rule flags the lexicon's examples: they help a model fill arguments.
 */
import { type CueFamily, findCues } from '../../../src/index.ts';
import type { Finding } from './lint-rule.ts';
import type { LintedDescription } from './linted-description.ts';
import { EXTRA_INFLATION } from './patterns.ts';

export interface Claim {
  kind: CueFamily | 'superlative';
  /** as written */
  phrase: string;
}

export function claimsOf({ text }: LintedDescription): Claim[] {
  const cues = findCues(text).map((cue): Claim => ({ kind: cue.family, phrase: cue.phrase }));
  const superlatives = EXTRA_INFLATION.flatMap((pattern) => [...text.matchAll(pattern)].map((m): Claim => ({ kind: 'superlative', phrase: m[0] })));
  return [...cues, ...superlatives];
}

/** One claim rule's findings: the claims of the kinds it has a message for, each with its rank among all claims. */
export function claimFindings(description: LintedDescription, messages: Partial<Record<Claim['kind'], string>>): Finding[] {
  return description.reading(claimsOf).flatMap((claim, claimRank) => {
    const message = messages[claim.kind];
    return message === undefined ? [] : [{ message, phrase: claim.phrase, claimRank }];
  });
}
