// The top of a search's page: what ran and how it stopped, the suite check printed as it started, the held-out
// scores of the seed and the winner, and what it cost by role and per point gained.
import { interval, percent } from '../../experiments/index.ts';
import { describeProposer, type OptimizeReport, type SplitScores } from '../../optimizer/index.ts';
import { describeAgent, formatCost } from '../../src/index.ts';
import type { ModelSpendTotals, TraceStore } from '../../traces/index.ts';
import { suiteCheckDetails } from '../cells.ts';
import { html, type Html } from '../html.ts';
import type { SearchRecord } from './search-record.ts';

export function searchFacts(record: SearchRecord): Html {
  const { run, search, report } = record;
  const compare =
    search.bestVersionId === null
      ? ''
      : `/versions/compare?server=${encodeURIComponent(search.server)}&a=${encodeURIComponent(search.seedVersionId)}&b=${encodeURIComponent(search.bestVersionId)}`;
  const row = (name: string, value: unknown) => html`<tr><th>${name}</th><td>${value}</td></tr>`;
  return html`<table class="facts"><tbody>
${row('status', run.status)}${row('episodes', html`<a href="/runs/${run.id}">every episode of the search</a>`)}${row('suite', run.suiteName)}${row('server', search.server)}${row('target', search.target)}
${row('agent', describeAgent(run.agentId))}
${row('proposer', report === undefined ? 'named in the report, written when the search completes' : describeProposer(report.proposer))}
${row('random seed', run.seed)}
${row('metric calls', report === undefined ? `${lastCalls(record)} so far` : `${report.budgetUsed} of ${report.budget} (+${report.reportCalls} test, +${report.paraphraseCalls} paraphrase for the report)`)}
${row('proposals', `${record.proposals.length} made, ${record.proposals.filter((p) => p.child !== null).length} joined the pool of ${record.candidates.length}`)}
${row('stopped', search.stopReason ?? 'not yet')}
${row('versions', compare === '' ? search.seedVersionId : html`<a href="${compare}">${search.seedVersionId} → ${search.bestVersionId}</a>`)}
</tbody></table>
${suiteCheckLines(run.suiteCheck)}`;
}

/** The suite check `tdo optimize` printed before the search; a search stored before tdo kept it has none. */
function suiteCheckLines(text: string | null): Html {
  if (text === null)
    return html`<p class="muted">No suite check is stored with this search (a search stored before tdo kept it printed it on stderr only).</p>`;
  return suiteCheckDetails(text, { open: true });
}

/** The metric calls spent by the newest candidate (a running search's progress). */
function lastCalls(record: SearchRecord): number {
  return Math.max(0, ...record.candidates.map((c) => c.budgetUsed));
}

/** The seed's and the winner's scores on val and on the held-out splits, as the report recorded them. */
export function heldOutTable(report: OptimizeReport | undefined): Html {
  if (report === undefined) return html`<p class="muted">The held-out scores are measured after the search; this one has no report yet.</p>`;
  const line = (who: string, split: string, s: SplitScores | null) =>
    s === null
      ? html`<tr><td>${who}</td><td>${split}</td><td colspan="3">not measured</td></tr>`
      : html`<tr><td>${who}</td><td>${split}</td><td>${s.score.toFixed(3)}</td><td>${interval(s.success, 0)}</td><td>${percent(s.firstChoiceShare)}</td></tr>`;
  const rows = (['seed', 'best'] as const).flatMap((who) => [
    line(who, 'val', report[who].val),
    line(who, 'test', report[who].test),
    line(who, 'paraphrase', report[who].paraphrase),
  ]);
  return html`<table class="held-out"><thead><tr><th></th><th>split</th><th>${report.target} score</th><th>success [95% CI]</th><th>first-choice share</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** What the search's model calls cost, by role, and per point of val score gained over the seed. */
export function costTable(store: TraceStore, record: SearchRecord): Html {
  const runIds = [record.run.id, ...(record.report?.perAgent?.agents.map((a) => a.runId) ?? [])];
  const spend = store.runSpend([...new Set(runIds)]);
  const roleRow = (role: string, s: ModelSpendTotals) =>
    html`<tr><td>${role}</td><td>${s.calls}</td><td>${s.tokensIn + s.tokensOut}</td><td>${formatCost(s.cost)}</td></tr>`;
  const total = spend.agent.cost === null || spend.proposer.cost === null ? null : spend.agent.cost + spend.proposer.cost;
  const seed = record.candidates.find((c) => c.candidate === 0);
  const gain = seed === undefined ? 0 : (Math.max(...record.candidates.map((c) => c.valMean)) - seed.valMean) * 100;
  const perPoint =
    gain <= 0
      ? 'no point of val score gained'
      : total === null
        ? 'price unknown'
        : `${formatCost(total / gain)} per point (+${gain.toFixed(1)} points of val score)`;
  return html`<table class="cost"><thead><tr><th>role</th><th>model calls</th><th>tokens</th><th>cost</th></tr></thead><tbody>${roleRow('agent', spend.agent)}${roleRow('proposer', spend.proposer)}</tbody></table><p>Cost per point gained: ${perPoint}.</p>`;
}
