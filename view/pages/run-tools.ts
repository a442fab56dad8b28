// A run's tools (`/runs/:runId/tools`): calls and errors per tool, and the tool confusion matrix (labelled tool ×
// chosen tool, "no tool" included; view/run/run-confusion.ts says where its counts come from). Both add up the whole run in SQL, so they have a page of their own and the
// episode list stays one page's read (docs/view.md).
import type { ToolConfusionCell, ToolSelectionCount } from '../../traces/index.ts';
import { table } from '../cells.ts';
import { html } from '../html.ts';
import type { ViewPage } from '../page.ts';
import { runHeader, runOf } from './run.ts';
import { runTabs } from './run-tabs.ts';
import { runConfusion } from '../run/run-confusion.ts';

const NO_TOOL = 'no tool';

export const runToolsPage: ViewPage = {
  path: '/runs/:runId/tools',
  render({ store, params }) {
    const run = runOf(store, params.runId!);
    const base = `/runs/${encodeURIComponent(run.id)}`;
    const confusion = runConfusion(store, run);
    const body = html`${runHeader(store, run)}${runTabs(run.id, 'tools')}
      <h2>Calls per tool</h2>
      ${callTable(base, store.runToolCounts(run.id))}
      <h2>Tool confusion</h2>
      ${confusionMatrix(confusion.cells)}
      <p class="muted">${confusion.source}</p>`;
    return { title: `Run ${run.id}: tools`, html: String(body), live: run.status === 'running' };
  },
};

function callTable(base: string, counts: readonly ToolSelectionCount[]) {
  if (counts.length === 0) return html`<p class="empty">no tool was called</p>`;
  const rows = counts.map(
    (c) =>
      html`<tr>
        <td><a href="${base}?tool=${encodeURIComponent(c.tool)}">${c.server ? `${c.server}/${c.tool}` : `${c.tool} (no such tool)`}</a></td>
        <td class="num">${c.calls}</td>
        <td class="num">${c.errors}</td>
      </tr>`,
  );
  return table('tools', ['tool', 'calls', 'errors'], rows);
}

/** Rows the labelled tools, columns the tools chosen, "no tool" last; the diagonal (chosen = labelled) marked. */
export function confusionMatrix(cells: readonly ToolConfusionCell[]) {
  if (cells.length === 0) return html`<p class="empty">no decision is labelled with a tool</p>`;
  const labelled = [...new Set(cells.map((c) => c.labelled))].sort();
  const chosen = [...new Set(cells.map((c) => c.chosen ?? NO_TOOL))].filter((c) => c !== NO_TOOL).sort();
  const columns = [...chosen, NO_TOOL];
  const count = (row: string, column: string) =>
    cells.filter((c) => c.labelled === row && (c.chosen ?? NO_TOOL) === column).reduce((s, c) => s + c.decisions, 0);
  const rows = labelled.map(
    (row) =>
      html`<tr>
        <th scope="row">${row}</th>
        ${columns.map((column) => {
          const n = count(row, column);
          return html`<td class="num ${sameTool(row, column) ? 'hit' : n > 0 ? 'miss' : ''}">${n === 0 ? '' : n}</td>`;
        })}
      </tr>`,
  );
  return table('confusion', ['labelled ↓ · chosen →', ...columns], rows);
}

/** A label names a tool by its name or as `server/tool` (src/checks/tool-labels.ts); a decision by its catalogue name. */
const sameTool = (label: string, chosen: string) => label === chosen || label.endsWith(`/${chosen}`);
