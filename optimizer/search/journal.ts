// The search's decisions, stored as they are made; a resumed search replays them instead of asking again.
import * as z from 'zod';
import { contentHash, type OptimizerProposalRow, type TraceStore } from '../../traces/index.ts';
import { EvaluationInterrupted, type Journal, type Proposal, type Proposer } from '../engine/types.ts';

export type JournalStore = Pick<TraceStore, 'recordCandidate' | 'recordProposal' | 'completeProposal' | 'judgeProposal' | 'getProposal'>;

export function storeJournal(store: JournalStore, runId: string): Journal {
  return {
    candidateAdded(c) {
      store.recordCandidate({
        runId,
        candidate: c.id,
        origin: c.origin,
        iteration: c.iteration,
        parents: c.parents,
        descriptions: { ...c.texts },
        candidateHash: contentHash(c.texts),
        valScores: c.valScores,
        valMean: c.valMean,
        valMetrics: c.valMetrics,
        budgetUsed: c.budgetUsed,
      });
    },
    proposalMade({ components, ...r }) {
      const stored = store.recordProposal({ runId, ...r, component: components === null ? null : components.join(',') });
      // an outage cut the stored proposal short of some components: the resume asked for them, and they are kept too
      const storedComponents = Object.keys(mutationProposals(stored) ?? {});
      if (r.kind === 'mutation' && Object.keys(r.proposal).some((c) => !storedComponents.includes(c))) store.completeProposal(runId, r.iteration, r.proposal);
    },
    proposalJudged(iteration, verdict) {
      store.judgeProposal(runId, iteration, verdict);
    },
  };
}

const proposalSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), text: z.string(), detail: z.record(z.string(), z.unknown()) }),
  z.object({ ok: z.literal(false), reason: z.string(), detail: z.record(z.string(), z.unknown()) }),
]);

/** A stored mutation's proposals per component, read back through their schema; undefined for a merge or another shape. */
export function mutationProposals(stored: Pick<OptimizerProposalRow, 'kind' | 'proposal'>): Record<string, Proposal> | undefined {
  if (stored.kind !== 'mutation') return undefined;
  const parsed = z.record(z.string(), proposalSchema).safeParse(stored.proposal);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Answers from the store when this iteration's proposal for the component was already made (a resumed
 * run), so the replay sees exactly the text the original run tried, whatever the proposer would say today.
 * Once `stop` is raised (Ctrl-C, a cost or token cap) no iteration begins asking the proposer: an iteration
 * already asking finishes its components, as an episode in flight finishes, so its one record holds them all.
 */
export function replayingProposer<Row>(inner: Proposer<Row>, store: Pick<TraceStore, 'getProposal'>, runId: string, stop?: AbortSignal): Proposer<Row> {
  const asking = new Set<number>();
  return {
    id: inner.id,
    async propose(request) {
      const stored = store.getProposal(runId, request.iteration);
      const mine = stored && mutationProposals(stored)?.[request.component];
      if (mine !== undefined) return mine;
      if (stop?.aborted === true && !asking.has(request.iteration))
        throw new EvaluationInterrupted(`stopped (${String(stop.reason)}) before iteration ${request.iteration} asked the proposer`);
      asking.add(request.iteration);
      return inner.propose(request);
    },
  };
}
