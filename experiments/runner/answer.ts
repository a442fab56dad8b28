// The answer a reader opens an experiment report for: which version wins on test success, by how much
// against the first version (with its interval), whether that is a detectable difference at the repeats
// run, and how many repeats it would take to detect a change of the size that matters.
import type { DifferenceInterval } from '../../src/index.ts';
import type { Comparison, VersionResult } from './statistics.ts';

/** 'better'/'worse': the 95% interval of the change excludes zero; otherwise no detectable difference. */
export type Direction = 'better' | 'worse' | 'no detectable difference';

export interface SuiteAnswer {
  suite: string;
  /** the version with the highest test success rate (the first listed on a tie) */
  best: string;
  /** the other versions with best's rate, in the order listed: a tie the reader is told of */
  tiedWith: string[];
  baseline: string;
  /** best against the first version; null when the first is best, or is the only version */
  change: DifferenceInterval | null;
  /**
   * 'better': best beats the first with 95% confidence. When the first version is best, 'worse' says every
   * other version is worse than it with 95% confidence; 'no detectable difference' says at least one is not.
   */
  direction: Direction;
  /** the change a power estimate is made for, in rate units (the threshold, or else the observed change, or 10 points) */
  detect: number;
  /** repeats per task for an 80%-power, two-sided 5% test of a change of `detect` from the first version's rate */
  repeatsNeeded: number;
}

const Z_ALPHA = 1.959963984540054; // two-sided 5%
const Z_POWER = 0.8416212335729143; // 80% power
/** The change to size the power estimate for when neither the threshold nor the data suggests one. */
const DEFAULT_DETECT = 0.1;
/** The baseline rate assumed when the first version has no judged episode: 0.5 needs the most episodes. */
const UNMEASURED_BASELINE = 0.5;

export function direction(change: DifferenceInterval): Direction {
  return change.low > 0 ? 'better' : change.high < 0 ? 'worse' : 'no detectable difference';
}

/**
 * Episodes per version for a two-sided test of two independent proportions (normal approximation,
 * Fleiss 1981) to detect p1 -> p2; the change is moved inside [0, 1] when p1 sits at an edge.
 */
export function episodesNeeded(p1: number, change: number): number {
  const p2 = p1 + change <= 1 ? p1 + change : p1 - change;
  const d = Math.abs(p2 - p1);
  if (d === 0) return Number.POSITIVE_INFINITY;
  const mean = (p1 + p2) / 2;
  const n = (Z_ALPHA * Math.sqrt(2 * mean * (1 - mean)) + Z_POWER * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2 / d ** 2;
  return Math.ceil(n);
}

export function answerFor(
  suite: string,
  results: readonly VersionResult[],
  comparisons: readonly Comparison[],
  threshold: number,
  tasks: number,
): SuiteAnswer | null {
  const [first] = results;
  if (first === undefined) return null;
  // a version with no judged episode is never the best
  const rateOf = (r: VersionResult) => r.success.rate ?? -1;
  const best = results.reduce((a, b) => (rateOf(b) > rateOf(a) ? b : a), first);
  const bestChange = comparisons.find((c) => c.version === best.versionId)?.success ?? null;
  const others = comparisons.flatMap((c) => (c.success === null ? [] : [c.success]));
  const dir: Direction =
    bestChange !== null ? direction(bestChange) : others.length > 0 && others.every((c) => direction(c) === 'worse') ? 'worse' : 'no detectable difference';
  const observed = Math.abs(bestChange?.delta ?? Math.max(0, ...others.map((c) => -c.delta)));
  const detect = threshold > 0 ? threshold : observed > 0 ? observed : DEFAULT_DETECT;
  return {
    suite,
    best: best.versionId,
    tiedWith: results.filter((r) => r !== best && r.success.rate !== null && r.success.rate === best.success.rate).map((r) => r.versionId),
    baseline: first.versionId,
    change: bestChange,
    direction: dir,
    detect,
    repeatsNeeded: Math.max(1, Math.ceil(episodesNeeded(first.success.rate ?? UNMEASURED_BASELINE, detect) / Math.max(1, tasks))),
  };
}
