// The optimize summary's word on where the winner's test gain lies: on tasks worded close to the seed's
// descriptions or far from them (optimizer/search/report/wording-halves.ts), as printed and as --json gives it.
import { changeWithInterval, percent } from '../../experiments/index.ts';
import type { OptimizeReport } from '../../optimizer/index.ts';
import { counted, differenceIfMeasured, wilson, type DifferenceInterval } from '../../src/index.ts';

type Halves = NonNullable<OptimizeReport['wordingHalves']>;
type Half = Halves['close'];

const change = (h: Half): DifferenceInterval | null => differenceIfMeasured(wilson(h.seedSuccesses, h.episodes), wilson(h.bestSuccesses, h.episodes));

export function wordingHalvesJson(h: Halves) {
  const half = (x: Half) => ({ tasks: x.tasks, episodes: x.episodes, seed_successes: x.seedSuccesses, best_successes: x.bestSuccesses, change: change(x) });
  return { median_overlap: h.median, close: half(h.close), far: half(h.far), unmeasured: h.unmeasured };
}

/** Changes closer than this are read as the same: rates of equal counts differ only in floating point. */
const SAME_CHANGE = 1e-9;

/** Where the change lies, by the point changes: a gain only on the closer half may be repetition. */
function reading(close: DifferenceInterval, far: DifferenceInterval): string {
  if (Math.abs(close.delta - far.delta) < SAME_CHANGE) return 'the change is the same on both halves';
  return close.delta > far.delta
    ? "the change is larger on the closer half, which descriptions repeating the tasks' words could explain"
    : 'the change is larger on the farther half, worded least like the descriptions';
}

/** The line after the held-out changes; none when a half has no episode (every measured task at the median overlap). */
export function wordingHalvesLines(h: Halves | undefined, server: string): string[] {
  if (h === undefined) return [];
  const [close, far] = [change(h.close), change(h.far)];
  if (close === null || far === null) return [];
  const unmeasured = h.unmeasured === 0 ? '' : ` ${counted(h.unmeasured, 'test task')} left out (no labelled tool of ${server}, or no content word).`;
  return [
    `  test by wording (each request against the seed's descriptions of its tools, split at the median overlap of ${percent(h.median)}): the closer half (${counted(h.close.tasks, 'task')}) ${changeWithInterval(close)}, the farther half (${counted(h.far.tasks, 'task')}) ${changeWithInterval(far)}; ${reading(close, far)}.${unmeasured}`,
  ];
}
