// Summaries of repeated measurements: noisy shared machines call for medians and spreads, not means.

export interface Spread {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  n: number;
}

/** The q-quantile (0..1) of `values`, interpolating linearly between neighbours. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('quantile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

export function spread(values: readonly number[]): Spread {
  return {
    median: median(values),
    p25: quantile(values, 0.25),
    p75: quantile(values, 0.75),
    min: Math.min(...values),
    max: Math.max(...values),
    n: values.length,
  };
}

/** `a[i] / b[i]` for paired measurements (same round, run side by side). */
export function pairedRatios(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new Error(`paired ratios need equal lengths (${a.length} vs ${b.length})`);
  return a.map((x, i) => x / b[i]!);
}

/**
 * The order in which to run `variants` in each round: the order reverses every other round
 * (A B, B A, A B, ...), so a drift in machine load does not favour whichever runs first.
 */
export function interleaved<T>(variants: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...variants] : [...variants].reverse();
}
