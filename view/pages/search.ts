// The page of one search (`/searches/:runId`, docs/view.md): its lineage with every proposal, a selected
// candidate or proposal, its score against metric calls beside the held-out scores, and its cost.
import * as z from 'zod';
import type { ViewPage } from '../page.ts';
import { html, type Html } from '../html.ts';
import { parseQuery, queryIndex } from '../query.ts';
import { candidatePanel } from '../search/candidate-panel.ts';
import { lineageOf } from '../search/lineage-nodes.ts';
import { lineageSvg } from '../search/lineage-svg.ts';
import { proposalPanel } from '../search/proposal-panel.ts';
import { scoreChartSvg, type HeldOutMark } from '../search/score-chart.ts';
import { readSearch, type SearchRecord } from '../search/search-record.ts';
import { costTable, heldOutTable, searchFacts } from '../search/search-summary.ts';
import { partnerSearch } from '../contractor/search-pair.ts';

const searchQuery = z.object({ candidate: queryIndex.optional(), iteration: queryIndex.optional() }).strict();

export const searchPage: ViewPage = {
  path: '/searches/:runId',
  async render({ store, params, query }) {
    const selection = parseQuery(searchQuery, query);
    const record = await readSearch(store, params['runId'] ?? '');
    const selected =
      selection.candidate !== undefined
        ? await candidatePanel(record, selection.candidate)
        : selection.iteration !== undefined
          ? await proposalPanel(record, selection.iteration)
          : html`<p class="muted">Select a node of the lineage for its descriptions, its diffs and its scores.</p>`;
    const partner = partnerSearch(store, record);
    const body = html`<h1>Search ${record.run.id}</h1>
${searchFacts(record)}
${partner === undefined ? '' : contractorNote(record, partner)}
<h2>Lineage</h2>
<p class="muted">Solid boxes joined the pool; dashed ones are proposals that did not (the gate's rule or "not better" under each); each edge names the tools whose text it changed. Hover a node for the proposer's answers.</p>
<div class="scroll">${lineageSvg(lineageOf(record, selection))}</div>
${selected}
<h2>Val score against metric calls</h2>
${scoreChartSvg(
  record.candidates.map((c) => ({ calls: c.budgetUsed, score: c.valMean, label: `candidate ${c.candidate}` })),
  record.report?.budget ?? 0,
  heldOutMarks(record),
)}
${heldOutTable(record.report)}
<h2>Cost</h2>
${costTable(store, record)}`;
    return { title: `search ${record.run.id}`, html: body.toString() };
  },
};

/** A selection search and a success search of one server from one seed: the contractor page sets them side by side. */
function contractorNote(record: SearchRecord, partner: string): Html {
  const other = record.search.target === 'selection' ? 'success' : 'selection';
  return html`<p>Search <a href="/searches/${encodeURIComponent(partner)}">${partner}</a> optimized the same seed for ${other}: <a href="/contractor/${encodeURIComponent(record.run.id)}?with=${encodeURIComponent(partner)}">the overconfident contractor</a> sets the two side by side.</p>`;
}

/** The seed's and the winner's held-out scores, where the report recorded them. */
function heldOutMarks(record: SearchRecord): HeldOutMark[] {
  const report = record.report;
  if (report === undefined) return [];
  return (['seed', 'best'] as const).flatMap((who) =>
    (['test', 'paraphrase'] as const).flatMap((split) => {
      const scores = report[who][split];
      return scores === null ? [] : [{ label: `${who === 'best' ? 'winner' : 'seed'} ${split}`, score: scores.score, who: who === 'best' ? 'winner' : 'seed' }];
    }),
  );
}
