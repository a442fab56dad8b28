// A split's scores as every optimize report gives them: the target's mean score, the split's success as a count
// with its interval, and the shares each episode recorded (optimizer/adapter/targets.ts), averaged over the
// split's results. Stored reports and --json keep the snake_case form of splitScoresJson.
import * as z from 'zod';
import { SCORE, wilson, type Proportion } from '../../../src/index.ts';
import type { TaskResult } from '../../engine/types.ts';

export interface SplitScores {
  /** the target's mean score */
  score: number;
  /** the successful episodes among the split's results (n: the results), with the interval */
  success: Proportion;
  /** the share of the agent's first choices that went to the server (`--target selection` optimizes it) */
  firstChoiceShare: number;
  /** the share of episodes that called the server at all */
  usedServer: number;
  /**
   * Under deferred tool loading: the share of labelled steps whose tool some search returned (a ratio of the
   * split's sums, as a mean of each over the same episodes); absent with every tool listed.
   */
  foundAtK?: number;
}

export function splitScores(results: readonly TaskResult<unknown>[]): SplitScores {
  const mean = (f: (r: TaskResult<unknown>) => number) => (results.length === 0 ? 0 : results.reduce((s, r) => s + f(r), 0) / results.length);
  const metric = (name: string) => mean((r) => r.metrics[name] ?? 0);
  return { score: mean((r) => r.score), success: wilson(successCount(results), results.length), ...shareScores(metric) };
}

/** The episodes among these results that succeeded (each records success as 1 or 0, optimizer/adapter/targets.ts). */
export function successCount(results: readonly TaskResult<unknown>[]): number {
  return results.reduce((n, r) => n + (r.metrics[SCORE.success] ?? 0), 0);
}

/** The shares every episode reports (optimizer/adapter/targets.ts), from their means by score name. */
export function shareScores(metric: (name: string) => number): Pick<SplitScores, 'firstChoiceShare' | 'usedServer' | 'foundAtK'> {
  const steps = metric(SCORE.labelledSteps);
  return {
    firstChoiceShare: metric(SCORE.firstChoiceShare),
    usedServer: metric(SCORE.usedServer),
    ...(steps > 0 ? { foundAtK: metric(SCORE.labelledStepsFound) / steps } : {}),
  };
}

const count = z.number().int().nonnegative();
// scores and shares lie in [0, 1]; not bounded here, where a mean of them may round past 1
const share = z.number();

/** A split's scores as stored in a report and printed by --json. */
const splitScoresJsonSchema = z.object({
  score: share,
  success_rate: share,
  first_choice_share: share,
  used_server: share,
  found_at_k: share.optional(),
  /** absent in reports stored before the count was kept */
  successes: count.optional(),
  tasks: count,
});
export type SplitScoresJson = z.infer<typeof splitScoresJsonSchema>;

export function splitScoresJson(s: SplitScores): SplitScoresJson {
  return {
    score: s.score,
    success_rate: s.success.rate ?? 0,
    first_choice_share: s.firstChoiceShare,
    used_server: s.usedServer,
    ...(s.foundAtK === undefined ? {} : { found_at_k: s.foundAtK }),
    successes: s.success.successes,
    tasks: s.success.n,
  };
}

/**
 * A stored split's success. A report stored before the count was kept has only the mean, which over 0/1
 * outcomes rounds back to the count exactly; this is the one place that does.
 */
export function storedSuccess(j: Pick<SplitScoresJson, 'success_rate' | 'successes' | 'tasks'>): Proportion {
  return wilson(j.successes ?? Math.round(j.success_rate * j.tasks), j.tasks);
}

/** A split's scores read from their stored form. */
export function splitScoresFromJson(j: SplitScoresJson): SplitScores {
  return {
    score: j.score,
    success: storedSuccess(j),
    firstChoiceShare: j.first_choice_share,
    usedServer: j.used_server,
    ...(j.found_at_k === undefined ? {} : { foundAtK: j.found_at_k }),
  };
}

/** The stored form read into SplitScores and written back (z.encode of the report, optimize-report.ts). */
export const splitScoresCodec = z.codec(splitScoresJsonSchema, z.custom<SplitScores>(), { decode: splitScoresFromJson, encode: splitScoresJson });
