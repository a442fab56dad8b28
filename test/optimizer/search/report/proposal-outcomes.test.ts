import { describe, expect, it } from 'vitest';
import { proposalOutcomes } from '../../../../optimizer/search/report/proposal-outcomes.ts';
import type { Task } from '../../../../src/index.ts';
import type { OptimizerProposalRow } from '../../../../traces/index.ts';

const nothing = { ok: false, reason: 'nothing to add', detail: {} };
const text = { ok: true, text: 'Read a file. Use it when asked to read notes.', detail: {} };

function row(overrides: Partial<OptimizerProposalRow>): OptimizerProposalRow {
  return {
    kind: 'mutation',
    proposal: {},
    scoresBefore: [0, 1],
    scoresAfter: null,
    accepted: false,
    reason: null,
    gateRefusals: [],
    ...overrides,
  } as OptimizerProposalRow;
}

const task = (id: string, split: string, tool: string) => ({ id, split, plan: [{ intent: id, tools: [tool] }] }) as unknown as Task;
const tasks = [task('a', 'train', 'read_file'), task('b', 'train', 'read_file'), task('c', 'train', 'open_nodes'), task('d', 'val', 'read_graph')];

describe('proposalOutcomes', () => {
  it('tells apart what became of each proposal, and counts the train tasks of each tool the proposer had nothing for', () => {
    const outcomes = proposalOutcomes(
      [
        row({ proposal: { read_graph: nothing, open_nodes: nothing }, reason: 'proposer gave no new text (...)' }),
        row({ proposal: { read_graph: nothing } }),
        row({ proposal: { read_file: text }, reason: 'read_file lint: run-on-sentence', gateRefusals: [{ component: 'read_file', rule: 'run-on-sentence' }] }),
        row({ proposal: { read_file: text }, scoresAfter: [0, 1], reason: 'minibatch score 1 is not above the parent' }),
        row({ proposal: { read_file: text }, scoresAfter: [1, 1], accepted: true }),
        row({ kind: 'merge', proposal: { merged: {}, ancestor: 0 }, scoresAfter: [0], reason: 'merge scored 0' }),
      ],
      tasks,
      'lab',
    );
    expect(outcomes).toEqual({
      made: 6,
      accepted: 1,
      noText: 2,
      nothingToAdd: { read_graph: 2, open_nodes: 1 },
      trainTasks: { read_graph: 0, open_nodes: 1 },
      refusedByGate: 1,
      notBetter: 2,
    });
  });

  it('counts the refusals whose proposer left out edits the gate would refuse', () => {
    const screened = { ok: false, reason: 'nothing to add', detail: { screened: [{ operator: 'add-claim', rule: 'inflated-claim' }] } };
    const outcomes = proposalOutcomes([row({ proposal: { read_file: screened, read_graph: nothing } })], tasks, 'lab');
    expect(outcomes.screened).toEqual({ read_file: 1 });
    expect(proposalOutcomes([row({ proposal: { read_graph: nothing } })], tasks, 'lab').screened).toBeUndefined();
  });

  it('counts a label of another server as no train task of this one', () => {
    const outcomes = proposalOutcomes([row({ proposal: { read_file: nothing } })], [task('a', 'train', 'other/read_file')], 'lab');
    expect(outcomes.trainTasks).toEqual({ read_file: 0 });
  });
});
