// The stored shapes these pages read that are changing (issue 53's merge): a split's success and score, and an
// experiment suite's target server. Read here alone, so that a change of shape touches this file only.
import { splitSuccess, type SplitScores } from '../../optimizer/index.ts';
import type { listVersionEntries } from '../../experiments/index.ts';
import { wilson, type Proportion } from '../../src/index.ts';

/** A report split's success as a count with its interval. */
export function splitSuccessOf(scores: SplitScores): Proportion {
  return splitSuccess(scores);
}

/** A report split's mean target score (the score the search ranked by). */
export function splitScoreOf(scores: SplitScores): number {
  return scores.score;
}

/** A version's latest measurement (`tdo versions`), as `listVersionEntries` gives it. */
export type Measurement = NonNullable<ReturnType<typeof listVersionEntries>[number]['measured']>;

/** A measurement's success as a count with its interval. */
export function measurementSuccessOf(m: Measurement): Proportion {
  return wilson(m.successes, m.episodes);
}
