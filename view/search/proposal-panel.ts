// A selected proposal that did not join the pool (`?iteration=I`): what the proposer answered per tool, the
// gate's refusals, the minibatch it was judged on, and its word diff against its parent.
import { html, type Html } from '../html.ts';
import { diffStyle, minibatchTable, wordDiff } from './panel-parts.ts';
import { candidateAt, proposalAt, proposedDescriptions, type SearchRecord } from './search-record.ts';

export async function proposalPanel(record: SearchRecord, iteration: number): Promise<Html> {
  const p = proposalAt(record, iteration);
  const parent = candidateAt(record, p.parents[0] ?? 0);
  const answers = Object.entries(record.proposalsOf(p) ?? {}).map(
    ([tool, a]) => html`<tr><th>${tool}</th><td>${a.ok ? 'proposed' : 'no text'}</td><td class="text">${a.ok ? a.text : a.reason}</td></tr>`,
  );
  const refusals = (p.gateRefusals ?? []).map((r) => html`<li>the honesty gate refused the text for ${r.component}: rule <code>${r.rule}</code></li>`);
  const proposed = { label: `iteration ${p.iteration}`, origin: p.kind, descriptions: proposedDescriptions(record, p) };
  const from = { label: `candidate ${parent.candidate}`, origin: parent.origin, descriptions: parent.descriptions };
  return html`<section class="selected" id="selected">${await diffStyle()}<h2>Proposal of iteration ${p.iteration}</h2>
<p>${p.kind} of ${p.parents.map((n) => `candidate ${n}`).join(' and ')}, by ${p.proposer ?? 'the merge'}; ${p.accepted === true ? 'accepted' : p.accepted === false ? 'not accepted' : 'not judged yet'}${p.reason === null ? '' : `: ${p.reason}`}.</p>
${refusals.length === 0 ? '' : html`<ul class="refusals">${refusals}</ul>`}
${answers.length === 0 ? '' : html`<h3>What the proposer answered</h3><table class="answers"><tbody>${answers}</tbody></table>`}
${minibatchTable(p)}
<h3>Against its parent, candidate ${parent.candidate}</h3>${await wordDiff(record.search.server, from, proposed)}</section>`;
}
