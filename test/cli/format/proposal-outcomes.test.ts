import { describe, expect, it } from 'vitest';
import { proposalOutcomesJson, proposalOutcomesLine } from '../../../cli/format/proposal-outcomes.ts';
import type { OptimizeReport } from '../../../optimizer/search/optimize.ts';
import type { ProposalOutcomes } from '../../../optimizer/search/report/proposal-outcomes.ts';

const outcomes = (o: Partial<ProposalOutcomes>): ProposalOutcomes => ({
  made: 0,
  accepted: 0,
  noText: 0,
  nothingToAdd: {},
  trainTasks: {},
  refusedByGate: 0,
  notBetter: 0,
  ...o,
});
/** The summary reads only the proposer and the outcomes of a report. */
const report = (o: ProposalOutcomes | undefined, proposer = 'sim') => ({ proposer, proposalOutcomes: o }) as unknown as OptimizeReport;

describe('proposalOutcomesLine', () => {
  it('says for which tools the sim proposer found nothing to add, and why: too few train tasks, or nothing new', () => {
    const o = outcomes({
      made: 61,
      noText: 12,
      nothingToAdd: { read_graph: 8, open_nodes: 3, search_nodes: 1 },
      trainTasks: { read_graph: 1, open_nodes: 0, search_nodes: 4 },
      refusedByGate: 30,
      notBetter: 19,
    });
    expect(proposalOutcomesLine(report(o))).toEqual([
      'why 61 of 61 proposals were not accepted: for 12 the proposer found nothing to add to open_nodes and read_graph (each has fewer than 2 train tasks, and the sim proposer names only the jobs that come up in 2 tasks or more: add train tasks for them, or use --proposer llm), nor to search_nodes (what the trajectories, the input schema and the sibling tools hold, the description already says); the honesty gate refused 30; 19 ran and each scored no higher than its parent on its minibatch.',
    ]);
  });

  it('gives no train-task reason for a proposer other than the sim, and names what was not run', () => {
    const o = outcomes({ made: 3, accepted: 1, noText: 1, nothingToAdd: { read_graph: 1 }, trainTasks: { read_graph: 1 } });
    expect(proposalOutcomesLine(report(o, 'llm:gpt'))).toEqual([
      'why 2 of 3 proposals were not accepted: for 1 the proposer found nothing to add to read_graph (what the trajectories, the input schema and the sibling tools hold, the description already says); 1 was not run (the text unchanged, or no budget left).',
    ]);
  });

  it('says which tools had edits the gate would refuse, which the sim proposer left out', () => {
    const o = outcomes({
      made: 4,
      noText: 2,
      nothingToAdd: { read_graph: 1, search_nodes: 1 },
      trainTasks: { read_graph: 4, search_nodes: 4 },
      screened: { read_graph: 1 },
      notBetter: 2,
    });
    expect(proposalOutcomesLine(report(o))).toEqual([
      'why 4 of 4 proposals were not accepted: for 2 the proposer found nothing to add to read_graph and search_nodes (what the trajectories, the input schema and the sibling tools hold, the description already says, or the gate would refuse what it found for read_graph); 2 ran and each scored no higher than its parent on its minibatch.',
    ]);
    expect(proposalOutcomesJson(report(o))).toMatchObject({ screened_by_proposer: { read_graph: 1 } });
  });

  it('says nothing when every proposal was accepted, none was made, or the report predates it', () => {
    expect(proposalOutcomesLine(report(outcomes({ made: 2, accepted: 2 })))).toEqual([]);
    expect(proposalOutcomesLine(report(outcomes({})))).toEqual([]);
    expect(proposalOutcomesLine(report(undefined))).toEqual([]);
    expect(proposalOutcomesJson(report(undefined))).toBeNull();
  });

  it('gives the same in --json, with the counts', () => {
    const o = outcomes({ made: 2, refusedByGate: 2 });
    expect(proposalOutcomesJson(report(o))).toEqual({
      made: 2,
      accepted: 0,
      no_text: 0,
      nothing_to_add: {},
      train_tasks: {},
      refused_by_gate: 2,
      not_better: 0,
      why: 'why 2 of 2 proposals were not accepted: the honesty gate refused 2.',
    });
  });
});
