// Two description versions side by side (`/versions/compare?server=S&a=A&b=B`, docs/view.md): each tool's two
// texts, each tool's own precision, recall and "chosen instead" in each version, then the review's word diff
// (experiments/review/render-diff.ts) with each version's latest measured rates and intervals and the lint flags
// gained and lost.
import * as z from 'zod';
import { loadVersionViews, resolveVersion } from '../../experiments/index.ts';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import type { ViewPage } from '../page.ts';
import { escaped, html, type Html } from '../html.ts';
import { parseQuery } from '../query.ts';
import { badQuery } from '../errors.ts';
import { diffStyle } from '../search/panel-parts.ts';
import { toolChoicesTable } from '../versions/tool-choices-table.ts';

const compareQuery = z.object({ server: z.string().min(1).optional(), a: z.string().min(1), b: z.string().min(1) }).strict();

export const comparePage: ViewPage = {
  path: '/versions/compare',
  async render({ store, query }) {
    const wanted = parseQuery(compareQuery, query);
    const [a, b] = [resolveVersion(store, wanted.a), resolveVersion(store, wanted.b)];
    const server = wanted.server ?? a.server;
    for (const v of [a, b]) if (v.server !== server) throw badQuery(`version ${v.id} describes server ${v.server}, not ${server}`);
    const { diffSources, diffSectionHtml, latestMeasurements } = await loadVersionViews();
    const measured = latestMeasurements(store, [a.id, b.id]);
    const source = (v: VersionRow) => ({ label: v.id, server: v.server, origin: v.origin, descriptions: v.descriptions, measured: measured.get(v.id) ?? null });
    const body = html`${await diffStyle()}<h1>${a.id} → ${b.id}</h1>
${pickerForm(store, server, a.id, b.id)}
<h2>Side by side</h2>${sideBySide(a, b)}
<h2>Each tool's choosing</h2>
${toolChoicesTable(
  store,
  [a, b].map((version) => ({ version, measured: measured.get(version.id) ?? null })),
)}
<p class="muted">From the sim's decisions in the run that last measured each version: precision, of the decisions that chose the tool, those labelled with it; recall, of the decisions labelled with it, those that chose it; and what those chose instead.</p>
<h2>Word diff, rates and lint flags</h2>
${escaped(diffSectionHtml(diffSources(source(a), source(b))))}`;
    return { title: `${a.id} → ${b.id}`, html: body.toString() };
  },
};

/** A form that reloads the page with two other versions of the server (the URL carries the choice). */
function pickerForm(store: TraceStore, server: string, a: string, b: string): Html {
  const versions = store.listVersions(server);
  const select = (name: string, chosen: string) =>
    html`<select name="${name}">${versions.map((v) => html`<option value="${v.id}"${v.id === chosen ? html` selected` : ''}>${v.id} (${v.origin})</option>`)}</select>`;
  return html`<form method="get" action="/versions/compare"><input type="hidden" name="server" value="${server}">A ${select('a', a)} B ${select('b', b)} <button>compare</button></form>`;
}

function sideBySide(a: VersionRow, b: VersionRow): Html {
  const tools = [...new Set([...Object.keys(a.descriptions), ...Object.keys(b.descriptions)])].sort();
  const text = (v: VersionRow, tool: string) => v.descriptions[tool] ?? html`<span class="muted">(no such tool)</span>`;
  const rows = tools.map(
    (tool) =>
      html`<tr${a.descriptions[tool] === b.descriptions[tool] ? html` class="same"` : ''}><th>${tool}</th><td class="text">${text(a, tool)}</td><td class="text">${text(b, tool)}</td></tr>`,
  );
  return html`<table class="side-by-side"><thead><tr><th>tool</th><th>A ${a.id}</th><th>B ${b.id}</th></tr></thead><tbody>${rows}</tbody></table>`;
}
