// The proposer a search asks through its journal: a resumed run's proposals answered from the store, and no new
// iteration asking the proposer once the search was told to stop (Ctrl-C, a cost or token cap).
import { describe, expect, it } from 'vitest';
import { replayingProposer, storeJournal, type JournalStore } from '../../../optimizer/search/journal.ts';
import { EvaluationInterrupted, type ProposalRequest, type Proposer } from '../../../optimizer/engine/types.ts';

const request = (iteration: number, component: string) => ({ iteration, component, texts: {}, dataset: [], randomSeed: 1 }) as ProposalRequest<string>;

function counting(): Proposer<string> & { calls: number } {
  const proposer = {
    id: 'counting',
    calls: 0,
    propose: async () => {
      proposer.calls++;
      return { ok: true as const, text: 'fresh', detail: {} };
    },
  };
  return proposer;
}

/** A store holding iteration 1's proposal for tool `a`. */
const store = {
  getProposal: (_runId: string, iteration: number) =>
    iteration === 1 ? ({ kind: 'mutation', proposal: { a: { ok: true, text: 'stored', detail: {} } } } as never) : undefined,
};

describe('replayingProposer', () => {
  it('answers a stored proposal from the store, even once stopped', async () => {
    const inner = counting();
    const proposer = replayingProposer(inner, store, 'r-1', AbortSignal.abort('token cap'));
    await expect(proposer.propose(request(1, 'a'))).resolves.toMatchObject({ text: 'stored' });
    expect(inner.calls).toBe(0);
  });

  it('begins no new iteration of proposer calls once stopped, but finishes the components of one already asking', async () => {
    const inner = counting();
    const stop = new AbortController();
    const proposer = replayingProposer(inner, store, 'r-1', stop.signal);
    await proposer.propose(request(2, 'a'));
    stop.abort('token cap');
    await expect(proposer.propose(request(2, 'b'))).resolves.toMatchObject({ text: 'fresh' });
    await expect(proposer.propose(request(3, 'a'))).rejects.toThrow(EvaluationInterrupted);
    expect(inner.calls).toBe(2);
  });
});

describe('storeJournal', () => {
  it('completes a stored proposal an outage cut short with the components its resume asked for', () => {
    const a = { ok: true as const, text: 'stored', detail: {} };
    const b = { ok: true as const, text: 'asked on resume', detail: {} };
    const completed: unknown[] = [];
    const store = {
      recordProposal: () => ({ kind: 'mutation', proposal: { a } }),
      completeProposal: (_runId: string, iteration: number, proposal: unknown) => completed.push({ iteration, proposal }),
    } as unknown as JournalStore;
    const record = {
      iteration: 4,
      kind: 'mutation' as const,
      parents: [0],
      components: ['a', 'b'],
      proposer: 'llm:m',
      minibatch: ['t'],
      parentScores: 'evaluated' as const,
    };
    storeJournal(store, 'r-1').proposalMade({ ...record, proposal: { a, b } });
    expect(completed).toEqual([{ iteration: 4, proposal: { a, b } }]);
    // a proposal stored whole is left as it is
    storeJournal(store, 'r-1').proposalMade({ ...record, components: ['a'], proposal: { a } });
    expect(completed).toHaveLength(1);
  });
});
