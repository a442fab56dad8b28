// The estimate of a search: episodes from the budget and the held-out splits, calls from the plans, nothing
// for a simulated part, and no cost where a price is unknown.
import { describe, expect, it } from 'vitest';
import { estimateSearch, type EstimateInput } from '../../../optimizer/search/estimate.ts';

const task = (id: string, split: string, steps: number) => ({ id, split, prompt: 'four words of prompt', plan: Array.from({ length: steps }, () => ({})) });
const suite = {
  tasks: [task('a', 'train', 1), task('b', 'train', 3), task('c', 'val', 2), task('d', 'val', 2), task('e', 'test', 1)],
} as unknown as EstimateInput['suite'];

const input = (over: Partial<EstimateInput>): EstimateInput => ({
  suite,
  budget: 10,
  minibatch: 2,
  agentModels: ['agent-model'],
  proposerModel: 'proposer-model',
  componentsPerIteration: 1,
  definitionTokens: 100,
  systemPromptTokens: 10,
  serverDescriptionTokens: 40,
  countTokens: (text) => text.split(' ').length,
  priceOf: (model, tokensIn, tokensOut) => (model === 'agent-model' ? (tokensIn + tokensOut) / 1e6 : null),
  ...over,
});

describe('estimateSearch', () => {
  it('counts episodes, calls and tokens from the splits, the plans and the budget', () => {
    const e = estimateSearch(input({}));
    // the budget and the seed and best on the one test task
    expect(e.episodes).toBe(12);
    const agent = e.agents[0]!;
    // plan steps + 1 over train and val: (2 + 4 + 3 + 3) / 4 = 3 calls a budget episode; 2 on the test task, twice
    expect(agent.calls).toBe(10 * 3 + 2 * 2);
    expect(agent.tokensIn).toBe(34 * (100 + 10 + 4));
    expect(agent.cost).toBeCloseTo((agent.tokensIn + agent.tokensOut) / 1e6, 12);
    // (10 - 2 validation episodes) / (2 * 2) = 2 iterations
    expect(e.proposer.calls).toBe(2);
    expect(e.proposer.cost).toBeNull();
    expect(e.assumptions).toContain('100-token catalogue');
  });

  it('gives a simulated agent or proposer no calls, no tokens and no cost', () => {
    const e = estimateSearch(input({ agentModels: [null], proposerModel: null }));
    expect([...e.agents, e.proposer]).toEqual([
      { model: null, calls: 0, tokensIn: 0, tokensOut: 0, cost: 0 },
      { model: null, calls: 0, tokensIn: 0, tokensOut: 0, cost: 0 },
    ]);
  });

  it('counts one call for an episode that ends at its first tool call, whatever its plan', () => {
    const selectionOnly = { tasks: suite.tasks.map((t) => ({ ...t, stopAfterToolCall: true })) } as unknown as EstimateInput['suite'];
    const e = estimateSearch(input({ suite: selectionOnly }));
    expect(e.agents[0]!.calls).toBe(e.episodes);
    expect(e.assumptions).toContain('one call on a selection-only task');
  });

  it('counts a search before the first tool call under deferred loading', () => {
    const e = estimateSearch(input({ toolSearch: true }));
    // one call more than without: 4 a budget episode, 3 on the test task, twice
    expect(e.agents[0]!.calls).toBe(10 * 4 + 2 * 3);
    expect(e.assumptions).toContain('one search before its first tool call');
  });

  it("describes a sim proposer as making no model calls, not by an LLM proposer's assumptions", () => {
    const e = estimateSearch(input({ proposerModel: null }));
    expect(e.assumptions).toContain('The sim proposer makes no model calls.');
    expect(e.assumptions).not.toContain('The proposer is asked');
    expect(estimateSearch(input({ agentModels: [null] })).assumptions).toContain('the sim agent makes no model calls');
  });

  it('asks the proposer once per description an iteration rewrites', () => {
    expect(estimateSearch(input({ componentsPerIteration: 3 })).proposer.calls).toBe(6);
  });
});
