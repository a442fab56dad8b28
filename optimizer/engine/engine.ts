// The GEPA-style search loop (ARCHITECTURE.md section 2), independent of what the texts describe: the seed
// validated, then iterations of a merge (merge-step.ts) or a round of mutations (mutation-round.ts, whose
// outcomes join the pool through acceptance.ts) until a stop condition (stoppers.ts) gives its reason.
import { setupSearch, type EngineConfig, type EngineResult, type SearchSetup } from './config.ts';
import { mergeStep } from './merge-step.ts';
import { mutationRound } from './mutation-round.ts';
import { SearchState } from './search-state.ts';
import { BUDGET_SPENT, firstStop, INTERRUPTED } from './stoppers.ts';
import { EvaluationInterrupted } from './types.ts';

export {
  DEFAULT_MERGE,
  DEFAULT_MINIBATCH,
  minimumBudget,
  type EngineConfig,
  type EngineProgress,
  type EngineResult,
  type MergeSettings,
  type RecordedResult,
} from './config.ts';
export { PERFECT, SOLVED_EPISODES_IN_A_ROW, TRAIN_SOLVED } from './stoppers.ts';

/** Mutations in the next round: as many as asked, but never more than the budget can try. */
function roundSize<Trace, Row>(setup: SearchSetup<Trace, Row>, remaining: number): number {
  return Math.max(1, Math.min(setup.parallelIterations, Math.floor(remaining / (2 * setup.batchCalls))));
}

export async function runEngine<Trace, Row>(config: EngineConfig<Trace, Row>): Promise<EngineResult> {
  const setup = setupSearch(config);
  const state = new SearchState(setup);
  let stopReason = BUDGET_SPENT;
  let interrupted = false;
  try {
    state.addCandidate(config.seedTexts, [], 'seed', await state.evaluate('val', config.seedTexts, config.valTaskIds));
    for (;;) {
      const stop = firstStop(setup.stops, state.progress());
      if (stop !== undefined) {
        stopReason = stop;
        break;
      }
      state.iteration++;
      if (config.merge && state.mergesDue > 0 && (await mergeStep(state, config.merge))) continue;
      await mutationRound(state, roundSize(setup, state.budget.remaining));
    }
  } catch (err) {
    if (!(err instanceof EvaluationInterrupted)) throw err;
    stopReason = INTERRUPTED;
    interrupted = true;
  }
  if (state.pool.length === 0) throw new EvaluationInterrupted('interrupted before the seed was validated');
  return state.result(stopReason, interrupted);
}
