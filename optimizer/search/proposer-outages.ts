// A proposer's outage ends the search as an errored episode does (optimizer/adapter/evaluator.ts): a dead endpoint
// says nothing of the descriptions, so it must not read as a rejected proposal and, budget spent, as a seed nothing
// beat.
import { infrastructureError, isTdoError } from '../../src/index.ts';
import type { Proposer } from '../engine/types.ts';

/**
 * The proposer, with its infrastructure errors (the LLM proposer's failed model calls) naming the run and
 * the command that continues it; a resume asks the proposer again for the proposal it did not make.
 */
export function proposerOutagesStopSearch<Row>(inner: Proposer<Row>, runId: string, resume: string): Proposer<Row> {
  return {
    id: inner.id,
    async propose(request) {
      try {
        return await inner.propose(request);
      } catch (err) {
        if (!isTdoError(err, 'infrastructure')) throw err;
        throw infrastructureError(
          `the proposer ${inner.id} failed (an outage, not a result) on ${request.component} at iteration ${request.iteration}: ${err.message} ` +
            `Optimize run ${runId} is saved: fix the cause, then continue it with \`${resume}\`, which asks the proposer again`,
          { cause: err },
        );
      }
    },
  };
}
