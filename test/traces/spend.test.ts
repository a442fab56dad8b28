import { describe, expect, it } from 'vitest';
import { HOST_STEP_MODEL_PREFIX, sumSpend } from '../../traces/index.ts';
import { openTempStore, runInput } from './helpers.ts';
import type { ModelSpendTotals } from '../../traces/index.ts';

const priced = (cost: number, calls = 2): ModelSpendTotals => ({
  calls,
  cachedCalls: 1,
  tokensIn: 100,
  tokensOut: 10,
  cost,
  unpricedModels: [],
  estimatedCalls: 0,
  estimateReasons: [],
});
const unpriced = (model: string): ModelSpendTotals => ({
  calls: 1,
  cachedCalls: 0,
  tokensIn: 50,
  tokensOut: 5,
  cost: null,
  unpricedModels: [model],
  estimatedCalls: 0,
  estimateReasons: [],
});

describe('sumSpend', () => {
  it('adds calls, tokens and cost of priced parts', () => {
    expect(sumSpend([priced(0.25), priced(0.5, 3)])).toEqual({
      calls: 5,
      cachedCalls: 2,
      tokensIn: 200,
      tokensOut: 20,
      cost: 0.75,
      unpricedModels: [],
      estimatedCalls: 0,
      estimateReasons: [],
    });
  });

  it('leaves the cost unknown, never 0, when any part has no price, naming each such model once', () => {
    const total = sumSpend([priced(0.25), unpriced('m1'), unpriced('m1'), unpriced('m2')]);
    expect(total.cost).toBeNull();
    expect(total.unpricedModels).toEqual(['m1', 'm2']);
    expect(total.tokensIn).toBe(250);
  });

  it('gives zero calls and a zero cost for no parts', () => {
    expect(sumSpend([])).toEqual({ calls: 0, cachedCalls: 0, tokensIn: 0, tokensOut: 0, cost: 0, unpricedModels: [], estimatedCalls: 0, estimateReasons: [] });
  });
});

describe('runSpend', () => {
  it("counts the model calls of a run's steps, tokens tdo estimated said so, and no step the host answered itself", async () => {
    const store = await openTempStore();
    const run = store.createRun(runInput());
    const episode = store.startEpisode({ runId: run.id, taskId: 't1', split: 'train', repeat: 0, seed: 1 });
    const call = { model: 'priced', input: 1, output: 1, latencyMs: 1, tokensIn: 100, tokensOut: 10, cost: 0.01 };
    store.addModelStep(episode.id, call);
    store.addModelStep(episode.id, { ...call, tokensEstimated: 'the endpoint sent no usage' });
    // a tool search and a rating: recorded as model steps, but no model was called
    store.addModelStep(episode.id, { model: `${HOST_STEP_MODEL_PREFIX}tool_search`, input: 1, output: 1, latencyMs: 1 });
    store.addModelStep(episode.id, { model: `${HOST_STEP_MODEL_PREFIX}get_feedback`, input: 1, output: 1, latencyMs: 1 });
    expect(store.runSpend([run.id]).agent).toEqual({
      calls: 2,
      cachedCalls: 0,
      tokensIn: 200,
      tokensOut: 20,
      cost: 0.02,
      unpricedModels: [],
      estimatedCalls: 1,
      estimateReasons: ['the endpoint sent no usage'],
    });
  });
});
