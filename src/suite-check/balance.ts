// Whether each tool has enough labelled steps in each split for a search to learn from and for the held-out
// splits to show a change, and how many tasks to add where (issue 54, `tdo suite check`; docs/suites.md "Balance").
import { differenceInterval, meanShare, wilson } from '../measure/proportion.ts';
import type { Split } from '../suite/schema.ts';
import { ASSUMED_BASELINE, type ToolSteps } from './suite-check.ts';

/** The most held-out steps a tool is asked to have; past it no count shows a change (never reached: 6 do). */
const MOST_STEPS = 1000;

/**
 * The fewest labelled steps of one tool in a held-out split whose largest change can show: its steps going from
 * the assumed baseline (the suite check's 50%, the seed not being run yet) to all succeeding, with the 95% interval
 * of the change `tdo experiment` reports (Newcombe's, over Wilson intervals: src/measure/proportion.ts) above zero.
 * With fewer, even a rewrite that makes every one of the tool's steps succeed is within their noise. It is 6.
 */
export function heldOutStepsToShowChange(baseline = ASSUMED_BASELINE): number {
  for (let n = 1; n <= MOST_STEPS; n++) {
    // the baseline as an expected count, which need not be whole: the mean of n shares at the baseline
    const before = meanShare(Array.from({ length: n }, () => baseline));
    if (differenceInterval(before, wilson(n, n)).low > 0) return n;
  }
  throw new RangeError(`no count of steps up to ${MOST_STEPS} shows a change from ${baseline}`);
}

/** The least labelled steps each split needs per tool; a split not named has no minimum. */
export type StepMinimum = Partial<Record<Split, number>>;

export interface ToolBalance {
  name: string;
  server: string;
  steps: Record<Split, number>;
  /** the tasks to add in each split with a minimum (a task labelling the tool once adds one step); 0 when it has enough */
  toAdd: Partial<Record<Split, number>>;
}

export interface Balance {
  minimum: StepMinimum;
  /** the tools the suite asks for (a tool with no labelled step anywhere is a distractor, or forgotten: the check says so apart) */
  tools: ToolBalance[];
}

/** Each asked-for tool's steps against the minimum, and the tasks it lacks in each split. */
export function balance(tools: readonly ToolSteps[], minimum: StepMinimum): Balance {
  const splits = Object.keys(minimum) as Split[];
  const asked = tools.filter((t) => Object.values(t.steps).some((n) => n > 0));
  return {
    minimum,
    tools: asked.map((t) => ({
      name: t.name,
      server: t.server,
      steps: t.steps,
      toAdd: Object.fromEntries(splits.map((split) => [split, Math.max(0, minimum[split]! - t.steps[split])])),
    })),
  };
}

/** Whether a tool lacks steps in any split. */
export const lacking = (t: ToolBalance): boolean => Object.values(t.toAdd).some((n) => n > 0);
