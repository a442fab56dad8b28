// A search winner's blame (`/versions/blame?version=ID`, docs/view.md): each sentence of each description with
// the candidate that added it and the change measured when it joined the pool. Only a search's winner has the
// candidate lineage this needs; for any other version the page says so.
import * as z from 'zod';
import { listVersionEntries, resolveVersion } from '../../experiments/index.ts';
import type { VersionRow } from '../../traces/index.ts';
import type { ViewPage } from '../page.ts';
import { html, type Html } from '../html.ts';
import { parseQuery } from '../query.ts';
import { candidateAt, readSearch } from '../search/search-record.ts';
import { blameWinner, type BlamedSentence } from '../versions/blame.ts';

const blameQuery = z.object({ version: z.string().min(1) }).strict();

export const blamePage: ViewPage = {
  path: '/versions/blame',
  async render({ store, query }) {
    const version = resolveVersion(store, parseQuery(blameQuery, query).version);
    const runId = listVersionEntries(store, version.server).find((e) => e.id === version.id)?.bestOf[0];
    const title = `blame of ${version.id}`;
    if (runId === undefined)
      return {
        title,
        html: missing(
          version,
          `${version.id} is not the winner of a search in this store (its origin: ${version.origin}), and only a search's winner has the lineage of candidates a blame reads.`,
        ),
      };
    const record = await readSearch(store, runId);
    if (record.report === undefined) return { title, html: missing(version, `search ${runId} has no report, which names its winning candidate.`) };
    const winner = candidateAt(record, record.report.best.candidate);
    const body = html`<h1>Blame of ${version.id}</h1>
<p>The winner of search <a href="/searches/${runId}">${runId}</a> (candidate ${winner.candidate}). Each sentence names the candidate that first had it, walking the lineage back from the winner, and what was measured when that candidate joined the pool: its val score against its parent's, and its minibatch before and after. That change is the whole step's: where a step changed several sentences or tools, they share it (the last column names them), so no sentence's own effect is claimed.</p>
<table class="blame"><thead><tr><th>tool</th><th>sentence</th><th>added by</th><th>val change then</th><th>minibatch then</th><th>changed in the same step</th></tr></thead><tbody>${blameWinner(record, winner).map((s) => blameRow(runId, s))}</tbody></table>`;
    return { title, html: body.toString() };
  },
};

function blameRow(runId: string, s: BlamedSentence): Html {
  const who = s.candidate === 0 ? 'the seed' : `candidate ${s.candidate} (iteration ${s.iteration})`;
  const val = s.valChange === null ? '–' : `${s.valChange >= 0 ? '+' : '−'}${Math.abs(s.valChange).toFixed(1)} pts`;
  const minibatch = s.minibatch === null ? '–' : `${s.minibatch.before} → ${s.minibatch.after}`;
  return html`<tr><th>${s.tool}</th><td class="text">${s.sentence}</td><td><a href="/searches/${runId}?candidate=${s.candidate}">${who}</a></td><td>${val}</td><td>${minibatch}</td><td>${s.changedWith.join(', ') || '–'}</td></tr>`;
}

function missing(version: VersionRow, why: string): string {
  return html`<h1>Blame of ${version.id}</h1><p>${why}</p><p><a href="/versions?server=${encodeURIComponent(version.server)}">The versions of ${version.server}</a></p>`.toString();
}
