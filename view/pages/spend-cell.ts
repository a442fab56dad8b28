// A run's spend as one cell: cost (unknown when a model had no price, never shown as 0) and the tokens sent. A
// simulated agent calls no model, so only a search's proposer can have spent (cli/format/spend.ts says the same).
import { isSimulatedAgentId } from '../../src/index.ts';
import { formatCost } from '../../src/index.ts';
import type { ModelSpendTotals, TraceStore } from '../../traces/index.ts';
import { html } from '../html.ts';

export function spendCell(store: TraceStore, run: { id: string; kind: string; agentId: string }) {
  const simulated = isSimulatedAgentId(run.agentId);
  // a sim run's steps are read only when a proposer may have spent: the agent's part would sum nothing
  if (simulated && run.kind !== 'optimize') return html`<span class="none">no model call</span>`;
  const spend = store.runSpend([run.id]);
  const parts: ModelSpendTotals[] = simulated ? [spend.proposer] : [spend.agent, spend.proposer];
  if (parts.every((p) => p.calls === 0)) return html`<span class="none">no model call</span>`;
  const cost = parts.some((p) => p.cost === null) ? 'cost unknown' : formatCost(parts.reduce((s, p) => s + p.cost!, 0));
  const tokens = parts.reduce((s, p) => s + p.tokensIn + p.tokensOut, 0);
  return html`${cost} · ${tokens.toLocaleString('en-US')} tokens`;
}
