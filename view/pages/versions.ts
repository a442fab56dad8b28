// The description versions of every server (`/versions`, docs/view.md): the lineage as `tdo versions` lists it,
// each version's latest measured rates, and links to compare a version with its parent and to blame a winner.
import * as z from 'zod';
import { listVersionEntries } from '../../experiments/index.ts';
import type { ViewPage } from '../page.ts';
import { html, type Html } from '../html.ts';
import { parseQuery } from '../query.ts';
import { measurementCells } from '../versions/measurement-cells.ts';

const versionsQuery = z.object({ server: z.string().min(1).optional() }).strict();

type Entry = ReturnType<typeof listVersionEntries>[number];

export const versionsPage: ViewPage = {
  path: '/versions',
  nav: 'Versions',
  render({ store, query }) {
    const { server } = parseQuery(versionsQuery, query);
    const entries = listVersionEntries(store, server);
    const servers = [...new Set(entries.map((e) => e.server))];
    const sections = servers.map((s) =>
      serverSection(
        s,
        entries.filter((e) => e.server === s),
      ),
    );
    const empty = html`<p>No description versions${server === undefined ? '' : ` of ${server}`} in this store: a run records the seed versions of its servers.</p>`;
    const body = html`<h1>Description versions${server === undefined ? '' : ` of ${server}`}</h1>
<p class="muted">Rates are from the latest run that used the version, or else, for a search's seed and winner (★), what that search measured. First-choice share: the share of the agent's first choices that went to the version's server; used server: the share of episodes that called it at all.</p>
${sections.length === 0 ? empty : sections}`;
    return { title: 'versions', html: body.toString() };
  },
};

function serverSection(server: string, entries: readonly Entry[]): Html {
  const rows = entries.map((e) => {
    const indent = e.depth === 0 ? '' : `${'\u00a0\u00a0'.repeat(e.depth - 1)}└ `;
    const parent = e.parents[0];
    const links = [
      parent === undefined ? '' : html`<a href="${compareHref(server, parent, e.id)}">diff with parent</a>`,
      e.bestOf.length === 0 ? '' : html` · <a href="/versions/blame?version=${encodeURIComponent(e.id)}">blame</a>`,
    ];
    return html`<tr><td class="id">${indent}${e.id}${e.bestOf.length === 0 ? '' : ' ★'}</td><td>${e.origin.label}</td><td>${e.parents.join(', ') || '–'}</td><td>${e.tools}</td><td>${e.tokens}</td>${measurementCells(e.measured, { usedServer: true })}<td>${links}</td></tr>`;
  });
  return html`<section class="server"><h2><a href="/versions?server=${encodeURIComponent(server)}">${server}</a></h2><div class="scroll"><table class="versions"><thead><tr><th>version</th><th>origin</th><th>parents</th><th>tools</th><th>tokens</th><th>success [95% CI]</th><th>first-choice share</th><th>used server</th><th>measured in</th><th></th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

/** The compare page's URL for two versions of a server. */
export function compareHref(server: string, a: string, b: string): string {
  return `/versions/compare?${new URLSearchParams({ server, a, b }).toString()}`;
}
