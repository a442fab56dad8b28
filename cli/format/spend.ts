// What a command's model calls spent (traces/spend.ts), in the terminal and in --json: tokens sent to an
// endpoint and their cost, with a price unknown said so, never shown as 0.
import { sumSpend, type ModelSpendTotals, type RunSpend } from '../../traces/index.ts';
import { formatCost } from '../../src/index.ts';

/** The parts of a command that may call a model, and whether each is simulated (no model calls at all). */
export type SpendParts = { agent: boolean; proposer?: boolean };

const sumCost = (parts: ModelSpendTotals[]) => sumSpend(parts).cost;

function partJson(t: ModelSpendTotals) {
  return {
    calls: t.calls,
    cached_calls: t.cachedCalls,
    tokens_in: t.tokensIn,
    tokens_out: t.tokensOut,
    cost: t.cost,
    unpriced_models: t.unpricedModels,
    estimated_calls: t.estimatedCalls,
    estimate_reasons: t.estimateReasons,
  };
}

/** `spend` of a command's --json: each part's calls, tokens and cost, and the totals; cost null when a price is unknown. */
export function spendJson(spend: RunSpend, parts: SpendParts) {
  const shown = partsOf(spend, parts);
  return {
    agent: partJson(spend.agent),
    ...(parts.proposer === undefined ? {} : { proposer: partJson(spend.proposer) }),
    tokens: shown.reduce((s, [, t]) => s + t.tokensIn + t.tokensOut, 0),
    cost: sumCost(shown.map(([, t]) => t)),
  };
}

function partsOf(spend: RunSpend, parts: SpendParts): Array<[string, ModelSpendTotals, boolean]> {
  return [
    ['agent', spend.agent, parts.agent] as [string, ModelSpendTotals, boolean],
    ...(parts.proposer === undefined ? [] : [['proposer', spend.proposer, parts.proposer] as [string, ModelSpendTotals, boolean]]),
  ];
}

/** One line: each part's calls, tokens and cost, then the total. `simulated`: that part makes no model calls. */
export function spendLine(spend: RunSpend, simulated: SpendParts): string {
  return namedSpendLine(partsOf(spend, simulated));
}

/** What one agent of `tdo experiment --agents` spent over all its runs; `simulated`: a sim persona, no model calls. */
export interface AgentSpend {
  agent: string;
  spend: ModelSpendTotals;
  simulated: boolean;
}

/** The spend line of an experiment across agents: each agent's calls, tokens and cost, then the total. */
export function agentsSpendLine(agents: readonly AgentSpend[]): string {
  return namedSpendLine(agents.map((a) => [`agent ${a.agent}`, a.spend, a.simulated]));
}

/** `spend` of `tdo experiment --agents --json`: each agent's calls, tokens and cost, and the totals; cost null when a price is unknown. */
export function agentsSpendJson(agents: readonly AgentSpend[]) {
  return {
    agents: agents.map((a) => ({ agent: a.agent, simulated: a.simulated, ...partJson(a.spend) })),
    tokens: agents.reduce((s, a) => s + a.spend.tokensIn + a.spend.tokensOut, 0),
    cost: sumCost(agents.map((a) => a.spend)),
  };
}

function namedSpendLine(shown: ReadonlyArray<readonly [string, ModelSpendTotals, boolean]>): string {
  const part = ([name, t, sim]: readonly [string, ModelSpendTotals, boolean]) => {
    if (sim) return `${name} simulated (no model calls, costs nothing)`;
    const cached = t.cachedCalls === 0 ? '' : ` (+${t.cachedCalls} from the response cache, free)`;
    return `${name} ${t.calls} call${t.calls === 1 ? '' : 's'}${cached}, ${t.tokensIn} tokens in / ${t.tokensOut} out${estimatedOf(t)}, ${costOf(t)}`;
  };
  const total = sumCost(shown.map(([, t]) => t));
  return `model spend: ${shown.map(part).join('; ')}${shown.every(([, , sim]) => sim) ? '' : `; total ${formatCost(total)}`}`;
}

/** Tokens tdo estimated are said so, with why: the endpoint's own count was missing or did not add up. */
function estimatedOf(t: ModelSpendTotals): string {
  if (t.estimatedCalls === 0) return '';
  return ` (estimated for ${t.estimatedCalls} call${t.estimatedCalls === 1 ? '' : 's'}, ${t.estimateReasons.join('; ')})`;
}

function costOf(t: ModelSpendTotals): string {
  if (t.cost !== null) return formatCost(t.cost);
  return `price unknown for ${t.unpricedModels.join(', ')} (set model.prices in tdo.config.json)`;
}
