// What a run's model calls spent, summed in SQL from what each call recorded: the agent's model steps
// (steps.cost) and the LLM proposer's answers (optimizer_proposals.proposal, one detail per component).
import type Database from 'better-sqlite3';
import type { ModelSpendTotals, RunSpend, SpendReader } from './types.ts';

/**
 * The start of the model name of a step the host answered itself and recorded as a model step (a tool search, a
 * rating): no model was called, so it is no call of a spend.
 */
export const HOST_STEP_MODEL_PREFIX = 'host:';

/** One row per model call: its model, whether tdo's response cache answered it, its tokens and cost. */
const AGENT_CALLS = `SELECT s.model AS model, s.cached AS cached, s.tokens_in AS tokensIn, s.tokens_out AS tokensOut, s.cost AS cost,
  s.tokens_estimated AS estimated
  FROM steps AS s JOIN episodes AS e ON e.id = s.episode_id
  WHERE s.kind = 'model' AND COALESCE(s.model, '') NOT LIKE '${HOST_STEP_MODEL_PREFIX}%'
    AND e.run_id IN (SELECT value FROM json_each(?))`;
const PROPOSER_CALLS = `SELECT json_extract(j.value, '$.detail.model') AS model, json_extract(j.value, '$.detail.cached') AS cached,
  json_extract(j.value, '$.detail.tokens_in') AS tokensIn, json_extract(j.value, '$.detail.tokens_out') AS tokensOut,
  json_extract(j.value, '$.detail.cost') AS cost, json_extract(j.value, '$.detail.tokens_estimated') AS estimated
  FROM optimizer_proposals AS p, json_each(p.proposal) AS j
  WHERE p.kind = 'mutation' AND p.run_id IN (SELECT value FROM json_each(?)) AND json_extract(j.value, '$.detail.model') IS NOT NULL`;

/**
 * Cached answers cost nothing and spend no tokens; a call sent to the endpoint without a cost had no price,
 * which makes the total unknown rather than smaller.
 */
const totals = (calls: string) => `WITH c AS (${calls})
  SELECT COALESCE(SUM(cached IS NOT 1), 0) AS calls, COALESCE(SUM(cached IS 1), 0) AS cachedCalls,
    COALESCE(SUM(CASE WHEN cached IS 1 THEN 0 ELSE COALESCE(tokensIn, 0) END), 0) AS tokensIn,
    COALESCE(SUM(CASE WHEN cached IS 1 THEN 0 ELSE COALESCE(tokensOut, 0) END), 0) AS tokensOut,
    COALESCE(SUM(cost), 0) AS cost,
    (SELECT json_group_array(DISTINCT model) FROM c WHERE cost IS NULL AND cached IS NOT 1) AS unpriced,
    COALESCE(SUM(cached IS NOT 1 AND estimated IS NOT NULL), 0) AS estimatedCalls,
    (SELECT json_group_array(DISTINCT estimated) FROM c WHERE estimated IS NOT NULL AND cached IS NOT 1) AS estimates
  FROM c`;

interface TotalsRow {
  calls: number;
  cachedCalls: number;
  tokensIn: number;
  tokensOut: number;
  cost: number;
  unpriced: string;
  estimatedCalls: number;
  estimates: string;
}

function spendOf(row: TotalsRow): ModelSpendTotals {
  const unpricedModels = (JSON.parse(row.unpriced) as (string | null)[]).map((m) => m ?? 'model');
  return {
    calls: row.calls,
    cachedCalls: row.cachedCalls,
    tokensIn: row.tokensIn,
    tokensOut: row.tokensOut,
    cost: unpricedModels.length > 0 ? null : row.cost,
    unpricedModels,
    estimatedCalls: row.estimatedCalls,
    estimateReasons: JSON.parse(row.estimates) as string[],
  };
}

/** The spend of several runs together: its cost unknown when any part's is. */
export function sumSpend(parts: readonly ModelSpendTotals[]): ModelSpendTotals {
  return {
    calls: parts.reduce((s, p) => s + p.calls, 0),
    cachedCalls: parts.reduce((s, p) => s + p.cachedCalls, 0),
    tokensIn: parts.reduce((s, p) => s + p.tokensIn, 0),
    tokensOut: parts.reduce((s, p) => s + p.tokensOut, 0),
    cost: parts.some((p) => p.cost === null) ? null : parts.reduce((s, p) => s + p.cost!, 0),
    unpricedModels: [...new Set(parts.flatMap((p) => p.unpricedModels))],
    estimatedCalls: parts.reduce((s, p) => s + p.estimatedCalls, 0),
    estimateReasons: [...new Set(parts.flatMap((p) => p.estimateReasons))],
  };
}

export function spendReader(sqlite: Database.Database): SpendReader {
  const agent = sqlite.prepare<[string], TotalsRow>(totals(AGENT_CALLS));
  const proposer = sqlite.prepare<[string], TotalsRow>(totals(PROPOSER_CALLS));
  return {
    runSpend(runIds): RunSpend {
      const ids = JSON.stringify(runIds);
      return { agent: spendOf(agent.get(ids)!), proposer: spendOf(proposer.get(ids)!) };
    },
  };
}
