// The experiments page (`/experiments`, docs/view.md): every finished experiment of the store, newest first, with
// its verdict; each links to its report (`/experiments/:experimentId`).
import { loadExperimentViews } from '../../experiments/index.ts';
import type { ExperimentRow } from '../../traces/index.ts';
import { agentCell, pager, table, when } from '../cells.ts';
import { html } from '../html.ts';
import type { ViewPage } from '../page.ts';
import { pageWindow, readQuery } from '../query.ts';
import { experimentHref } from '../links.ts';

export const experimentsPage: ViewPage = {
  path: '/experiments',
  nav: 'Experiments',
  async render({ store, query }) {
    const q = readQuery(query, {});
    const { rows, more } = store.experimentPage(pageWindow(q.page));
    const { parseExperimentRecord } = await loadExperimentViews();
    const madeBy = (row: ExperimentRow) => {
      const read = parseExperimentRecord(row.record);
      return 'problem' in read ? '–' : read.record.searches === undefined ? 'tdo experiment' : 'tdo demo';
    };
    const body =
      rows.length === 0
        ? html`<p class="empty">no experiment in this store: <code>tdo experiment</code> and <code>tdo demo</code> record one when they end</p>`
        : table(
            'experiments',
            ['experiment', 'made by', 'suites', 'agent', 'verdict', 'ended'],
            rows.map((row) => experimentRow(row, madeBy(row))),
          );
    return { title: 'Experiments', html: String(html`<h1>Experiments</h1>${body}${pager('/experiments', query, q.page, more)}`), live: true };
  },
};

function experimentRow(row: ExperimentRow, madeBy: string) {
  return html`<tr>
    <td><a href="${experimentHref(row.id)}">${row.id}</a></td>
    <td>${madeBy}</td>
    <td>${row.suites.join(', ')}</td>
    <td>${agentCell(row.agentId)}</td>
    <td class="verdict-word ${row.verdict}">${row.verdict}</td>
    <td>${when(row.createdAt)}</td>
  </tr>`;
}
