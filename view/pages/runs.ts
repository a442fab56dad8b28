// The runs page (`/`): every run of the store, newest first, filtered by kind, suite, status and agent (docs/view.md).
import type { RunListRow, TraceStore } from '../../traces/index.ts';
import { agentCell, duration, pager, selectFilter, successCell, table, when } from '../cells.ts';
import { html, type Html } from '../html.ts';
import type { ViewPage } from '../page.ts';
import { filterText, pageWindow, readQuery } from '../query.ts';
import { spendCell } from './spend-cell.ts';
import { runHref, searchHref } from '../links.ts';

/** What each kind of run is called here: an optimize run is a search. */
const KIND_WORDS: Record<string, string> = { suite: 'run', optimize: 'search', experiment: 'experiment', proxy: 'proxy session', imported: 'imported' };

export const runsPage: ViewPage = {
  path: '/',
  nav: 'Runs',
  render({ store, query }) {
    const q = readQuery(query, { kind: filterText, suite: filterText, status: filterText, agent: filterText });
    const filter = { kind: q.kind, suite: q.suite, status: q.status, agent: q.agent };
    const { rows, more } = store.runPage(filter, pageWindow(q.page));
    const facets = store.runFacets();
    const form = html`<form class="filters" method="get" action="/">
      ${selectFilter('kind', 'kind', facets.kinds, q.kind)} ${selectFilter('suite', 'suite', facets.suites, q.suite)}
      ${selectFilter('status', 'status', facets.statuses, q.status)} ${selectFilter('agent', 'agent', facets.agents, q.agent)}
      <button type="submit">filter</button> <a href="/">clear</a>
    </form>`;
    const body = rows.length === 0 ? html`<p class="empty">no run matches</p>` : runTable(store, rows);
    return {
      title: 'Runs',
      html: String(
        html`<h1>Runs</h1>
          ${form}${body}${pager('/', query, q.page, more)}`,
      ),
      live: true,
    };
  },
};

function runTable(store: TraceStore, rows: readonly RunListRow[]) {
  const body = rows.map((run) => runRow(run, spendCell(store, run)));
  return table('runs', ['run', 'kind', 'suite', 'agent', 'status', 'success [95% CI]', 'errors', 'cost · tokens', 'started', 'duration'], body);
}

/** A search opens on its lineage and scores, its episodes a link away; any other run on its episodes. */
function runLink(run: RunListRow): Html {
  if (run.kind !== 'optimize') return html`<a href="${runHref(run.id)}">${run.id}</a>`;
  return html`<a href="${searchHref(run.id)}">${run.id}</a> <small><a href="${runHref(run.id)}">episodes</a></small>`;
}

function runRow(run: RunListRow, spend: Html) {
  return html`<tr>
    <td>${runLink(run)}</td>
    <td>${KIND_WORDS[run.kind] ?? run.kind}</td>
    <td>${run.suiteName}</td>
    <td>${agentCell(run.agentId)}</td>
    <td class="status ${run.status}">${run.status}</td>
    <td class="num">${successCell(run.outcomes.successes, run.outcomes.judged)}</td>
    <td class="num">${run.outcomes.errors}</td>
    <td class="num">${spend}</td>
    <td>${when(run.createdAt)}</td>
    <td class="num">${duration(run.createdAt, run.finishedAt)}</td>
  </tr>`;
}
