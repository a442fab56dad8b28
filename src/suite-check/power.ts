// How small a change in success a split of n episodes can show. The two-proportion z-test's power (Fleiss,
// Levin and Paik, "Statistical Methods for Rates and Proportions", 3rd ed., 2003, section 4.2, without the
// continuity correction): comparing a baseline rate p1 with a rate p2, n episodes each, the test at two-sided
// level alpha has power 1 - beta when
//   |p2 - p1| * sqrt(n) >= z(1 - alpha/2) * sqrt(2 * pm * (1 - pm)) + z(1 - beta) * sqrt(p1 (1 - p1) + p2 (1 - p2)),
// with pm = (p1 + p2) / 2 (the pooled rate under no change). The smallest detectable change is the smallest
// |p2 - p1| in the given direction that satisfies it; tdo fixes alpha = 5% and power = 80%, the usual design
// values, and counts n as tdo's intervals do (every episode of the split, repeats included).

/** z(0.975): the two-sided 5% test. */
const Z_ALPHA = 1.959963984540054;
/** z(0.80): 80% power. */
const Z_POWER = 0.8416212335729143;
/** The grid of candidate rates p2 is searched on: changes are found to a tenth of a point. */
const STEP = 0.001;

export const SIGNIFICANCE = 0.05;
export const POWER = 0.8;

/** Whether n episodes at each of rates p1 and p2 give the test 80% power at two-sided 5%. */
function detectable(p1: number, p2: number, n: number): boolean {
  const pm = (p1 + p2) / 2;
  return Math.abs(p2 - p1) * Math.sqrt(n) >= Z_ALPHA * Math.sqrt(2 * pm * (1 - pm)) + Z_POWER * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
}

/**
 * The smallest change from `baseline` (a rate in [0, 1]) that n episodes per side detect with 80% power at
 * two-sided 5%, rising or falling; null when none can (no rate up to 100%, or down to 0%, is far enough).
 */
export function minDetectableChange(n: number, baseline: number, direction: 'rise' | 'fall' = 'rise'): number | null {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`minDetectableChange: n must be a whole number of episodes, got ${n}`);
  if (!(baseline >= 0 && baseline <= 1)) throw new RangeError(`minDetectableChange: the baseline must be a rate in [0, 1], got ${baseline}`);
  const room = direction === 'rise' ? 1 - baseline : baseline;
  const sign = direction === 'rise' ? 1 : -1;
  for (let k = 1; k * STEP <= room + STEP / 2; k++) {
    const change = Math.min(k * STEP, room);
    if (detectable(baseline, baseline + sign * change, n)) return Number(change.toFixed(3));
  }
  return null;
}

/** The episodes per side the test needs to detect a change from `baseline` by `change` (non-zero) with 80% power. */
export function episodesToDetect(baseline: number, change: number): number {
  if (change === 0 || !(baseline + change >= 0 && baseline + change <= 1)) throw new RangeError(`episodesToDetect: no rate ${baseline} + ${change} to detect`);
  const p2 = baseline + change;
  const pm = (baseline + p2) / 2;
  const root = Z_ALPHA * Math.sqrt(2 * pm * (1 - pm)) + Z_POWER * Math.sqrt(baseline * (1 - baseline) + p2 * (1 - p2));
  return Math.ceil((root / change) ** 2);
}
