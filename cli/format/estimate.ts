// A search's estimate (optimizer/search/estimate.ts) as the terminal and --json show it.
import type { PartEstimate, SearchEstimate } from '../../optimizer/index.ts';
import { formatCost } from '../../src/index.ts';

const total = (parts: PartEstimate[], of: (p: PartEstimate) => number | null) =>
  parts.some((p) => of(p) === null) ? null : parts.reduce((s, p) => s + of(p)!, 0);

function partJson(p: PartEstimate) {
  return { model: p.model, simulated: p.model === null, calls: p.calls, tokens_in: p.tokensIn, tokens_out: p.tokensOut, cost: p.cost };
}

/** `estimate` of --json: calls, tokens and cost (null when a price is unknown) per part and in total. */
export function estimateJson(e: SearchEstimate) {
  const parts = [...e.agents, e.proposer];
  return {
    episodes: e.episodes,
    agents: e.agents.map(partJson),
    proposer: partJson(e.proposer),
    calls: parts.reduce((s, p) => s + p.calls, 0),
    tokens: parts.reduce((s, p) => s + p.tokensIn + p.tokensOut, 0),
    cost: total(parts, (p) => p.cost),
    assumptions: e.assumptions,
  };
}

function partLine(name: string, p: PartEstimate): string {
  if (p.model === null) return `  ${name}: simulated, no model calls (costs nothing)`;
  const cost = p.cost === null ? `price unknown for ${p.model} (set model.prices in tdo.config.json)` : `about ${formatCost(p.cost)}`;
  return `  ${name} ${p.model}: about ${p.calls} calls, ${p.tokensIn} tokens in / ${p.tokensOut} out, ${cost}`;
}

export function renderEstimate(e: SearchEstimate): string {
  const parts = [...e.agents, e.proposer];
  if (parts.every((p) => p.model === null))
    return `estimate before the search: up to ${e.episodes} episodes; the sim agent and proposer make no model calls, so the search costs nothing but time\n`;
  const all = estimateJson(e);
  const totalLine = `  total: about ${all.calls} model calls, ${all.tokens} tokens, ${all.cost === null ? 'price unknown' : `about ${formatCost(all.cost)}`}`;
  return [
    `estimate before the search: up to ${e.episodes} episodes`,
    ...e.agents.map((p, i) => partLine(e.agents.length === 1 ? 'agent' : `agent ${i + 1}`, p)),
    partLine('proposer', e.proposer),
    totalLine,
    `  assumptions: ${e.assumptions}`,
    '',
  ].join('\n');
}
