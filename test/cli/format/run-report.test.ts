// The run summary's own lines: errors apart from outcomes, and a stopped run said to be partial.
import { describe, expect, it } from 'vitest';
import { renderRunReport, runReportJson, type RunReportView } from '../../../cli/format/run-report.ts';
import { wilson } from '../../../src/measure/proportion.ts';
import type { RunReport } from '../../../src/run/run-suite.ts';
import type { ModelSpendTotals } from '../../../traces/index.ts';

const NO_CALLS: ModelSpendTotals = { calls: 0, cachedCalls: 0, tokensIn: 0, tokensOut: 0, cost: 0, unpricedModels: [], estimatedCalls: 0, estimateReasons: [] };

function view(run: Partial<RunReport>, more: Partial<RunReportView> = {}): RunReportView {
  const base: RunReport = {
    runId: 'r-12345678',
    status: 'completed',
    ranNow: 22,
    planned: 22,
    episodes: 22,
    success: wilson(11, 22),
    errors: { episodes: 22, errors: 0, judged: 22, causes: [] },
    toolCalls: 30,
    callsByTool: [],
    versionIds: { lab: 'lab-1' },
    conditions: {},
    toolSearch: { mode: 'off', k: 5 },
    scoreTotals: {},
  };
  return {
    run: { ...base, ...run },
    suite: 'lab',
    agent: 'sim',
    agentId: 'sim',
    split: 'val',
    dbPath: '/tmp/t.db',
    spend: { spend: { agent: NO_CALLS, proposer: NO_CALLS }, simulated: { agent: true } },
    ...more,
  };
}

describe('the run summary', () => {
  it('says a stopped run is partial, why its rate leans, and the exact command that finishes it', () => {
    const text = renderRunReport(
      view({ status: 'interrupted', ranNow: 5, episodes: 5, success: wilson(4, 5), errors: { episodes: 5, errors: 0, judged: 5, causes: [] } }),
    );
    expect(text).toContain(
      'partial: 5 of 22 episodes finished; tasks run in suite order, so these figures lean to the first tasks. Finish with `tdo run --resume r-12345678 --db /tmp/t.db`',
    );
    expect(renderRunReport(view({}))).not.toContain('partial:');
  });

  it('says when the agent saw only a search tool, and with what k; nothing when every tool was listed', () => {
    const deferred = view({ toolSearch: { mode: 'bm25', k: 3 } });
    expect(renderRunReport(deferred)).toContain('tool search bm25, top 3 per search (deferred loading: the agent started with the search tool alone)');
    expect(runReportJson(deferred)).toMatchObject({ tool_search: { mode: 'bm25', k: 3 } });
    expect(renderRunReport(view({}))).not.toContain('tool search');
  });

  it('gives found@k over labelled steps with its interval, and the description tokens per episode against every tool listed', () => {
    const v = view({
      toolSearch: { mode: 'regex', k: 5 },
      scoreTotals: {
        labelled_steps_found: { episodes: 4, sum: 6 },
        labelled_steps: { episodes: 4, sum: 8 },
        labelled_steps_ranked_first: { episodes: 4, sum: 4 },
        labelled_steps_rank_sum: { episodes: 4, sum: 9 },
        loaded_tokens: { episodes: 4, sum: 400 },
        all_tools_tokens: { episodes: 4, sum: 4000 },
      },
    });
    // 6 of 8: Wilson 95% interval 40.9% to 92.9%
    expect(renderRunReport(v)).toContain(
      'found@5 6/8 labelled steps = 75.0% [41%, 93%]; found@1 4/8, mean rank when found 1.50   description tokens per episode 100, against 1000 with every tool listed',
    );
    expect(runReportJson(v)).toMatchObject({
      labelled_steps: 8,
      labelled_steps_found: 6,
      found_at_k: 0.75,
      found_at_k_low: expect.closeTo(0.409, 3),
      found_at_k_high: expect.closeTo(0.929, 3),
      // 9 over the 6 found steps
      labelled_steps_ranked_first: 4,
      mean_rank_when_found: 1.5,
      loaded_tokens_per_episode: 100,
      all_tools_tokens: 1000,
    });
    expect(runReportJson(view({}))).not.toHaveProperty('found_at_k');
  });

  it('rates judged episodes only and names the errors with their cause', () => {
    const v = view({
      episodes: 22,
      success: wilson(10, 20),
      errors: { episodes: 22, errors: 2, judged: 20, causes: [{ cause: 'MCP server lab did not answer read_file', episodes: 2 }] },
    });
    const text = renderRunReport(v);
    // the rate over judged episodes with its 95% Wilson interval (10 of 20: 29.9% to 70.1%)
    expect(text).toContain('success 10/20 judged = 50.0% [30%, 70%]');
    expect(text).toContain('errors: 2 of 22 episodes (9.1%) errored, not judged. Cause (2): MCP server lab did not answer read_file.');
    expect(runReportJson(v)).toMatchObject({
      planned: 22,
      episodes: 22,
      errors: 2,
      judged: 20,
      success_rate: 0.5,
      success_low: expect.closeTo(0.299, 3),
      success_high: expect.closeTo(0.701, 3),
      error_causes: [{ cause: 'MCP server lab did not answer read_file', episodes: 2 }],
    });
  });

  it('says nothing was measured when every episode errored: no rate in the text, null in the JSON', () => {
    const v = view({
      success: wilson(0, 0),
      errors: { episodes: 22, errors: 22, judged: 0, causes: [{ cause: 'Cannot reach the model endpoint', episodes: 22 }] },
    });
    expect(renderRunReport(v)).toContain('success – (no judged episode)');
    expect(runReportJson(v)).toMatchObject({ errors: 22, judged: 0, success_rate: null, success_low: null, success_high: null });
  });

  it('says what the model calls cost, a price unknown as unknown (null in the JSON, never 0), and the sim as costing nothing', () => {
    const llm = (agent: ModelSpendTotals) =>
      view({}, { agent: 'llm:m', agentId: 'llm:m', spend: { spend: { agent, proposer: NO_CALLS }, simulated: { agent: false } } });
    const priced = llm({ calls: 3, cachedCalls: 1, tokensIn: 1200, tokensOut: 90, cost: 0.000234, unpricedModels: [], estimatedCalls: 0, estimateReasons: [] });
    expect(renderRunReport(priced)).toContain(
      'model spend: agent 3 calls (+1 from the response cache, free), 1200 tokens in / 90 out, $0.000234; total $0.000234',
    );
    expect(runReportJson(priced).spend).toEqual({
      agent: { calls: 3, cached_calls: 1, tokens_in: 1200, tokens_out: 90, cost: 0.000234, unpriced_models: [], estimated_calls: 0, estimate_reasons: [] },
      tokens: 1290,
      cost: 0.000234,
    });
    const unpriced = llm({ calls: 2, cachedCalls: 0, tokensIn: 800, tokensOut: 40, cost: null, unpricedModels: ['m'], estimatedCalls: 0, estimateReasons: [] });
    expect(renderRunReport(unpriced)).toContain('price unknown for m (set model.prices in tdo.config.json); total price unknown');
    expect(runReportJson(unpriced).spend.cost).toBeNull();
    expect(renderRunReport(view({}))).toContain('model spend: agent simulated (no model calls, costs nothing)');
  });

  it('says when tokens are estimated because the endpoint sent no usage, and prices them', () => {
    const estimated = view(
      {},
      {
        agent: 'llm:m',
        agentId: 'llm:m',
        spend: {
          spend: {
            agent: {
              calls: 56,
              cachedCalls: 0,
              tokensIn: 500,
              tokensOut: 56,
              cost: 0.0014,
              unpricedModels: [],
              estimatedCalls: 56,
              estimateReasons: ['the endpoint sent no usage'],
            },
            proposer: NO_CALLS,
          },
          simulated: { agent: false },
        },
      },
    );
    expect(renderRunReport(estimated)).toContain('agent 56 calls, 500 tokens in / 56 out (estimated for 56 calls, the endpoint sent no usage), $0.001400');
    expect(runReportJson(estimated).spend).toMatchObject({ agent: { estimated_calls: 56, estimate_reasons: ['the endpoint sent no usage'] } });
  });

  it('says a run a cap stopped stopped there, and how to go on with a raised cap', () => {
    const capped = view({ status: 'interrupted', episodes: 4, ranNow: 4 }, { capStop: 'token cap' });
    expect(renderRunReport(capped)).toContain(
      'stopped: token cap; 4 of 22 episodes finished, everything recorded. Raise the cap and finish with `tdo run --resume r-12345678 --db /tmp/t.db --max-tokens N`',
    );
    expect(runReportJson(capped).stopped).toBe('token cap');
  });
});
