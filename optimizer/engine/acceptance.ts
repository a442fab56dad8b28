// The acceptance step: a mutation's outcome joins the search, in iteration order. An accepted child enters
// the pool; every outcome moves the counters the stop conditions read and is judged in the journal.
import type { SearchState } from './search-state.ts';
import type { Candidate, GateRefusal, TaskResult, Texts } from './types.ts';

export type MutationOutcome<Trace> =
  | { kind: 'skipped' }
  | { kind: 'rejected'; before: number[]; after: number[] | null; reason: string; gateRefusals: GateRefusal[] }
  | {
      kind: 'accepted';
      texts: Texts;
      parent: Candidate;
      before: number[];
      after: number[];
      reason: string;
      gateRefusals: GateRefusal[];
      val: TaskResult<Trace>[];
    };

export function settleMutation<Trace, Row>(state: SearchState<Trace, Row>, at: number, minibatch: readonly string[], outcome: MutationOutcome<Trace>): void {
  const { journal } = state.setup;
  state.minibatchSeen(minibatch, outcome.kind === 'skipped');
  if (outcome.kind === 'skipped') return state.noImprovement();
  const { before, after, reason, gateRefusals } = outcome;
  if (outcome.kind === 'rejected') {
    state.noImprovement();
    return journal.proposalJudged(at, { scoresBefore: before, scoresAfter: after, accepted: false, reason, child: null, gateRefusals });
  }
  const child = state.addCandidate(outcome.texts, [outcome.parent.id], 'mutation', outcome.val, at);
  journal.proposalJudged(at, { scoresBefore: before, scoresAfter: after, accepted: true, reason, child: child.id, gateRefusals });
}
