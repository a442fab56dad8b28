// A measured proportion (a success rate, a share) with its count and 95% interval: the one shape every layer
// gives a rate in, so a count is never rebuilt from a mean.
/** A proportion with its 95% Wilson score interval. */
export interface Proportion {
  /** a count, or for a mean of shares (meanShare) their sum */
  successes: number;
  n: number;
  /** successes / n; null when n is 0: nothing was measured (the interval is then the uninformative [0, 1]) */
  rate: number | null;
  low: number;
  high: number;
}

/** A proportion of at least one episode: it has a rate. */
export type Measured = Proportion & { rate: number };

export const isMeasured = (p: Proportion): p is Measured => p.rate !== null;

/** The rate of a proportion that must have been measured (a finding read off a run that had no outage). */
export function measuredRate(p: Proportion): number {
  if (p.rate === null) throw new RangeError('a rate was read off a proportion of no episode');
  return p.rate;
}

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval (Wilson 1927; recommended over the normal approximation by Brown, Cai and
 * DasGupta 2001): it stays inside [0, 1] and is not degenerate at 0 or n successes, which small
 * experiments hit often. n = 0 gives the uninformative [0, 1].
 */
export function wilson(successes: number, n: number, z = Z95): Proportion {
  if (!Number.isInteger(successes) || !Number.isInteger(n) || n < 0 || successes < 0 || successes > n) {
    throw new RangeError(`wilson: need integers 0 <= successes <= n, got ${successes} of ${n}`);
  }
  return wilsonOfSum(successes, n, z);
}

/** The difference b - a when both were measured; null when either has no episode. */
export function differenceIfMeasured(a: Proportion, b: Proportion): DifferenceInterval | null {
  return isMeasured(a) && isMeasured(b) ? differenceInterval(a, b) : null;
}

/**
 * The mean of per-episode shares in [0, 1] (a first-choice share: 2 of 3 choices is 0.667) with the Wilson
 * interval of their sum taken as a count of successes. A share with mean p varies at most as much as a 0/1
 * outcome with mean p (variance at most p(1 - p)), so the interval is conservative; for 0/1 values it is
 * exactly the Wilson interval.
 */
export function meanShare(values: readonly number[], z = Z95): Proportion {
  if (values.some((v) => !(v >= 0 && v <= 1))) throw new RangeError(`meanShare: every value must lie in [0, 1], got ${values.join(', ')}`);
  return wilsonOfSum(
    values.reduce((a, b) => a + b, 0),
    values.length,
    z,
  );
}

function wilsonOfSum(successes: number, n: number, z: number): Proportion {
  if (n === 0) return { successes, n, rate: null, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0 or n successes the bound is exactly 0 or 1; floating point would leave 1e-17 off.
  return { successes, n, rate: p, low: successes === 0 ? 0 : centre - half, high: successes === n ? 1 : centre + half };
}

export interface DifferenceInterval {
  /** b.rate - a.rate */
  delta: number;
  low: number;
  high: number;
}

/**
 * 95% interval for the difference of two independent proportions (b - a) from their Wilson intervals:
 * Newcombe's hybrid score method (Statistics in Medicine 1998, method 10).
 */
export function differenceInterval(a: Proportion, b: Proportion): DifferenceInterval {
  if (!isMeasured(a) || !isMeasured(b)) throw new RangeError(`differenceInterval: both need an episode, got n = ${a.n} and ${b.n} (see differenceIfMeasured)`);
  const delta = b.rate - a.rate;
  return {
    delta,
    low: delta - Math.sqrt((b.rate - b.low) ** 2 + (a.high - a.rate) ** 2),
    high: delta + Math.sqrt((b.high - b.rate) ** 2 + (a.rate - a.low) ** 2),
  };
}
