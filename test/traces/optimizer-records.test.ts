import { describe, expect, it } from 'vitest';
import { TraceStoreError, type TraceStore } from '../../traces/index.ts';
import { openTempStore, runInput } from './helpers.ts';

async function storeWithSearch(): Promise<{ store: TraceStore; runId: string }> {
  const store = await openTempStore();
  const runId = store.createRun(runInput()).id;
  store.createOptimizerRun({ runId, target: 'success', server: 'lab', seedVersionId: 'lab-0123456789' });
  return { store, runId };
}

const evaluation = (runId: string) => ({ runId, ordinal: 3, purpose: 'val' as const, iteration: 1, candidateHash: 'h1', taskIds: ['t1', 't2'] });
const candidate = (runId: string) => ({
  runId,
  candidate: 1,
  origin: 'mutation' as const,
  iteration: 1,
  parents: [0],
  descriptions: { add: 'Adds two numbers.' },
  candidateHash: 'h1',
  valScores: { t1: 1, t2: 0 },
  valMean: 0.5,
  valMetrics: { success: 0.5 },
  budgetUsed: 4,
});
const proposal = (runId: string) => ({
  runId,
  iteration: 1,
  kind: 'mutation' as const,
  parents: [0],
  component: 'add',
  proposer: 'sim',
  proposal: { text: 'Adds two numbers.' },
  minibatch: ['t1'],
  parentScores: 'evaluated' as const,
});

describe('optimizer search records', () => {
  it('store each record once: a replay gets the stored row back, with its first creation time', async () => {
    const { store, runId } = await storeWithSearch();
    const records = [
      () => store.recordEvaluation(evaluation(runId)),
      () => store.recordCandidate(candidate(runId)),
      () => store.recordProposal(proposal(runId)),
    ];
    for (const record of records) {
      const first = record();
      expect(first.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(record()).toEqual(first);
    }
    expect(store.listCandidates(runId)).toHaveLength(1);
    expect(store.listProposals(runId)).toHaveLength(1);
  });

  it('refuse a replay that contradicts the stored record, naming it', async () => {
    const { store, runId } = await storeWithSearch();
    store.recordEvaluation(evaluation(runId));
    store.recordCandidate(candidate(runId));
    store.recordProposal(proposal(runId));
    const reordered = () => store.recordEvaluation({ ...evaluation(runId), taskIds: ['t2', 't1'] });
    expect(reordered).toThrow(TraceStoreError);
    expect(reordered).toThrow(`evaluation 3 of run ${runId} differs from the stored one`);
    expect(() => store.recordCandidate({ ...candidate(runId), valScores: { t1: 1, t2: 1 } })).toThrow(
      `candidate 1 of run ${runId} differs from the stored one`,
    );
    expect(() => store.recordProposal({ ...proposal(runId), component: 'sub' })).toThrow(`proposal of iteration 1 of run ${runId} differs from the stored one`);
  });

  it('refuse a record of a run that does not exist', async () => {
    const { store } = await storeWithSearch();
    expect(() => store.recordEvaluation(evaluation('r-00000000'))).toThrow('evaluation 3 of run r-00000000: no run with that id');
    expect(() => store.recordCandidate(candidate('r-00000000'))).toThrow('candidate 1 of run r-00000000: no run with that id');
  });

  it('judge a stored proposal, and only a stored one', async () => {
    const { store, runId } = await storeWithSearch();
    store.recordProposal(proposal(runId));
    const verdict = {
      scoresBefore: [0],
      scoresAfter: [1],
      accepted: true,
      reason: 'better on the minibatch',
      child: 1,
      gateRefusals: [{ component: 'b', rule: 'inflated-claim' }],
    };
    store.judgeProposal(runId, 1, verdict);
    expect(store.getProposal(runId, 1)).toMatchObject(verdict);
    expect(() => store.judgeProposal(runId, 2, verdict)).toThrow(`no proposal for iteration 2 of run ${runId}`);
  });

  it('complete a stored proposal, and only a stored one', async () => {
    const { store, runId } = await storeWithSearch();
    store.recordProposal(proposal(runId));
    const whole = { a: { ok: true, text: 'A', detail: {} }, b: { ok: true, text: 'B', detail: {} } };
    store.completeProposal(runId, 1, whole);
    expect(store.getProposal(runId, 1)?.proposal).toEqual(whole);
    expect(() => store.completeProposal(runId, 2, whole)).toThrow(`no proposal for iteration 2 of run ${runId}`);
  });
});
