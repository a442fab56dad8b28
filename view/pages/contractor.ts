// The overconfident contractor (`/contractor/:runId`, docs/view.md): a search for selection beside a search for
// success of the same server from the same seed, per version the selection share and the task success side by
// side, with the lint flags each version gained against the seed, so that an inflated winner is seen at a glance.
import * as z from 'zod';
import { barChartSvg, loadVersionViews, percent, TONE_LEGEND, type Bar } from '../../experiments/index.ts';
import { differenceIfMeasured, type Proportion } from '../../src/index.ts';
import type { ViewPage } from '../page.ts';
import { escaped, html, type Html } from '../html.ts';
import { parseQuery } from '../query.ts';
import { compareHref } from './versions.ts';
import { measurementCells } from '../versions/measurement-cells.ts';
import { searchPair } from '../contractor/search-pair.ts';
import { contractorRows, type ContractorRow } from '../contractor/contractor-rows.ts';

const contractorQuery = z.object({ with: z.string().min(1).optional() }).strict();

export const contractorPage: ViewPage = {
  path: '/contractor/:runId',
  async render({ store, params, query }) {
    const pair = await searchPair(store, params['runId'] ?? '', parseQuery(contractorQuery, query).with);
    const rows = contractorRows(store, pair, await loadVersionViews());
    const server = pair.selection.search.server;
    const body = html`<h1>The overconfident contractor: ${server}</h1>
<p>Search <a href="/searches/${pair.selection.run.id}">${pair.selection.run.id}</a> optimized ${server}'s descriptions for selection (how often agents choose it first), search <a href="/searches/${pair.success.run.id}">${pair.success.run.id}</a> for task success, both from seed ${pair.selection.search.seedVersionId}. A text that wins selection by claiming more than the server does is chosen more and helps less; the lint names the claims it gained.</p>
<div class="charts">${escaped(barChartSvg({ title: `First-choice share of ${server}`, bars: rows.map(shareBar), max: 1, format: (v) => percent(v) }))}${escaped(barChartSvg({ title: 'Task success', bars: successBars(rows), max: 1, format: (v) => percent(v) }))}</div>
<p class="muted">${TONE_LEGEND} Each version's rates are from its latest measurement (the run in the table).</p>
${rowsTable(server, pair.selection.search.seedVersionId, rows)}`;
    return { title: `contractor ${server}`, html: body.toString() };
  },
};

function shareBar(r: ContractorRow): Bar {
  return { label: r.role, value: r.measured?.firstChoiceShare ?? null, tone: 'neutral' };
}

/** Success per version, toned against the seed's by the 95% interval of the difference. */
function successBars(rows: readonly ContractorRow[]): Bar[] {
  const success = (r: ContractorRow): Proportion | null => (r.measured === null ? null : r.measured.success);
  const seed = rows[0] === undefined ? null : success(rows[0]);
  return rows.map((r, i) => {
    const p = success(r);
    const change = p === null || seed === null ? null : differenceIfMeasured(seed, p);
    const tone = i === 0 ? 'baseline' : change === null ? 'same' : change.low > 0 ? 'better' : change.high < 0 ? 'worse' : 'same';
    return p === null || p.rate === null ? { label: r.role, value: null, tone } : { label: r.role, value: p.rate, tone, low: p.low, high: p.high };
  });
}

function rowsTable(server: string, seedId: string, rows: readonly ContractorRow[]): Html {
  const line = (r: ContractorRow) => {
    const version = r.versionId === seedId ? html`${r.versionId}` : html`<a href="${compareHref(server, seedId, r.versionId)}">${r.versionId}</a>`;
    const flags = r.lintGained.length === 0 ? 'none' : html`<ul>${r.lintGained.map((f) => html`<li>${f}</li>`)}</ul>`;
    return html`<tr><th>${r.role}</th><td>${version}</td><td>${r.val === null ? '–' : `${r.val.score.toFixed(3)} (${r.target})`}</td>${measurementCells(r.measured, { usedServer: false })}<td>${flags}</td></tr>`;
  };
  return html`<table class="contractor"><thead><tr><th>role</th><th>version</th><th>val score (its search's target)</th><th>success [95% CI]</th><th>first-choice share</th><th>measured in</th><th>lint flags gained against the seed</th></tr></thead><tbody>${rows.map(line)}</tbody></table>`;
}
