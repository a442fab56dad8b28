// A selected candidate of a search (`?candidate=N`): how it was made, its descriptions, its word diff against
// its parent and against the seed, its minibatch before and after, and its val score per task.
import type { OptimizerCandidateRow } from '../../traces/index.ts';
import { html, type Html } from '../html.ts';
import { descriptionsTable, diffStyle, minibatchTable, wordDiff } from './panel-parts.ts';
import { proposalDetail } from './lineage-nodes.ts';
import { candidateAt, type SearchRecord } from './search-record.ts';

export async function candidatePanel(record: SearchRecord, position: number): Promise<Html> {
  const c = candidateAt(record, position);
  const seed = candidateAt(record, 0);
  const parent = c.parents[0] === undefined ? undefined : candidateAt(record, c.parents[0]);
  const madeBy = record.proposals.find((p) => p.child === c.candidate);
  const side = (row: OptimizerCandidateRow) => ({ label: `candidate ${row.candidate}`, origin: row.origin, descriptions: row.descriptions });
  const server = record.search.server;
  const diffs = [
    parent === undefined
      ? html`<p class="muted">The seed has no parent.</p>`
      : html`<h3>Against its parent, candidate ${parent.candidate}</h3>${await wordDiff(server, side(parent), side(c))}`,
    c.candidate === 0 || parent?.candidate === 0 ? '' : html`<h3>Against the seed</h3>${await wordDiff(server, side(seed), side(c))}`,
  ];
  return html`<section class="selected" id="selected">${await diffStyle()}<h2>Candidate ${c.candidate}</h2>
<p>${c.origin}, iteration ${c.iteration}${c.parents.length === 0 ? '' : `, from candidate ${c.parents.join(' and candidate ')}`}; val score ${c.valMean.toFixed(3)}; joined the pool after ${c.budgetUsed} metric calls.</p>
${madeBy === undefined ? '' : html`<pre class="detail">${proposalDetail(record, madeBy)}</pre>${minibatchTable(madeBy)}`}
<h3>Descriptions</h3>${descriptionsTable(c.descriptions)}
${diffs}
<h3>Val score per task</h3>${valTable(c, parent, seed)}</section>`;
}

/** The candidate's val score on each task beside its parent's and the seed's. */
function valTable(c: OptimizerCandidateRow, parent: OptimizerCandidateRow | undefined, seed: OptimizerCandidateRow): Html {
  const tasks = Object.keys(c.valScores).sort();
  const cell = (row: OptimizerCandidateRow | undefined, task: string) => (row === undefined ? '–' : (row.valScores[task] ?? '–'));
  const rows = tasks.map((task) => {
    const delta = parent === undefined ? 0 : c.valScores[task]! - (parent.valScores[task] ?? 0);
    return html`<tr class="${delta > 0 ? 'fixed' : delta < 0 ? 'regressed' : ''}"><td>${task}</td><td>${cell(c, task)}</td><td>${cell(parent, task)}</td><td>${cell(seed, task)}</td></tr>`;
  });
  return html`<table class="val"><thead><tr><th>task</th><th>candidate ${c.candidate}</th><th>parent</th><th>seed</th></tr></thead><tbody>${rows}</tbody></table>`;
}
