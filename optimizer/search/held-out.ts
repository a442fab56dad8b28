// The held-out splits after the search: seed and best on test, and on paraphrase when the suite has one, each
// at a fixed ordinal (seed, then best) so a resume finds them again; all four at once, sharing the search's
// episode slots, and none for a search that was interrupted or asked for no report.
import type { EngineResult } from '../engine/engine.ts';
import type { Candidate, Evaluator, TaskResult } from '../engine/types.ts';
import type { AgentInstances } from '../adapter/agent-instances.ts';
import type { ScoredEpisode } from '../adapter/targets.ts';

type Results = TaskResult<ScoredEpisode>[] | null;

export interface HeldOutResults {
  seed: { test: Results; paraphrase: Results };
  best: { test: Results; paraphrase: Results };
  /** test-split episodes run (the seed's and, when it is another candidate, the best's) */
  reportCalls: number;
  /** paraphrase-split episodes run, likewise */
  paraphraseCalls: number;
}

/** Waits for every evaluation (none is left recording behind a failure), then fails with the first failure in order. */
async function allOrFirstError<T extends readonly unknown[]>(evaluations: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(evaluations);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

export async function heldOutResults(
  evaluator: Evaluator<ScoredEpisode>,
  instances: AgentInstances,
  result: EngineResult,
  splits: { test: string[]; paraphrase: string[] },
  report: boolean,
): Promise<HeldOutResults> {
  const seed = result.pool[0]!;
  const bestIsSeed = result.best.id === seed.id;
  const reportOn = async (taskIds: string[], c: Candidate, ordinal: number): Promise<Results> =>
    !report || taskIds.length === 0 || result.interrupted
      ? null
      : await evaluator.evaluate({ ordinal, purpose: 'report', iteration: result.iterations, texts: c.texts, taskIds: instances.of(taskIds) });
  const [seedTest, bestTest, seedParaphrase, bestParaphrase] = await allOrFirstError([
    reportOn(splits.test, seed, result.nextOrdinal),
    bestIsSeed ? null : reportOn(splits.test, result.best, result.nextOrdinal + 1),
    reportOn(splits.paraphrase, seed, result.nextOrdinal + 2),
    bestIsSeed ? null : reportOn(splits.paraphrase, result.best, result.nextOrdinal + 3),
  ]);
  const best = bestIsSeed ? { test: seedTest, paraphrase: seedParaphrase } : { test: bestTest, paraphrase: bestParaphrase };
  const calls = (seedRun: Results, bestRun: Results) => (seedRun?.length ?? 0) + (bestIsSeed ? 0 : (bestRun?.length ?? 0));
  return {
    seed: { test: seedTest, paraphrase: seedParaphrase },
    best,
    reportCalls: calls(seedTest, bestTest),
    paraphraseCalls: calls(seedParaphrase, bestParaphrase),
  };
}
