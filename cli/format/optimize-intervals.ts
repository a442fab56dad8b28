// How sure an optimize summary's success figures are: each split's success with its 95% Wilson interval and
// the winner's change on the held-out splits with Newcombe's interval, as `tdo experiment` computes them, so a
// search's gain reads with the uncertainty its few episodes leave.
import { splitScoresJson, type CandidateSummary, type SplitScores } from '../../optimizer/index.ts';
import { differenceInterval, type DifferenceInterval } from '../../src/index.ts';

/** The held-out splits, in the order the summary shows them; val chose the winner, so its change is biased. */
export const HELD_OUT = ['test', 'paraphrase'] as const;
export type HeldOutSplit = (typeof HELD_OUT)[number];

/** A split's scores as every optimize JSON gives them: with the success interval; null for a split not run. */
export function splitJson(scores: SplitScores | null) {
  if (scores === null) return null;
  return { ...splitScoresJson(scores), success_low: scores.success.low, success_high: scores.success.high };
}

/** The winner's change in success against the seed on each held-out split both were run on. */
export function heldOutChanges(seed: CandidateSummary, best: CandidateSummary): Partial<Record<HeldOutSplit, DifferenceInterval>> {
  const changes: Partial<Record<HeldOutSplit, DifferenceInterval>> = {};
  for (const split of HELD_OUT) {
    const before = seed[split];
    const after = best[split];
    if (before !== null && after !== null && before.success.n > 0 && after.success.n > 0) changes[split] = differenceInterval(before.success, after.success);
  }
  return changes;
}
