// The compare page's table of each tool's own choosing in versions A and B (tool-choices.ts), each from the run
// that measured the version; a version measured only by a search, or by an LLM run, whose decisions name no
// labelled tool, says so instead of showing nothing as zero.
import { interval, type VersionMeasurement } from '../../experiments/index.ts';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import { html, type Html } from '../html.ts';
import { runHref } from '../links.ts';
import { toolChoices } from './tool-choices.ts';

const NO_TOOL = 'no tool';
/** the other choices named in a cell; the rest are counted */
const INSTEAD_SHOWN = 3;

export function toolChoicesTable(store: TraceStore, sides: ReadonlyArray<{ version: VersionRow; measured: VersionMeasurement | null }>): Html {
  const tools = [...new Set(sides.flatMap((s) => Object.keys(s.version.descriptions)))].sort();
  const columns = sides.map((side) => sideColumn(store, side));
  const heads = sides.map((s, i) => html`<th colspan="3">${i === 0 ? 'A' : 'B'} ${s.version.id}: ${columns[i]!.source}</th>`);
  const rows = tools.map((tool) => html`<tr><th>${tool}</th>${columns.map((c) => c.cells(tool))}</tr>`);
  return html`<table class="tool-choices">
    <thead>
      <tr><th rowspan="2">tool</th>${heads}</tr>
      <tr>${sides.map(() => html`<th>precision [95% CI]</th><th>recall [95% CI]</th><th>chosen instead</th>`)}</tr>
    </thead>
    <tbody>${rows}</tbody>
  </table>`;
}

function sideColumn(store: TraceStore, { version, measured }: { version: VersionRow; measured: VersionMeasurement | null }) {
  const unmeasured = html`<td colspan="3" class="muted">–</td>`;
  if (measured === null || measured.by !== 'run') return { source: html`not measured by a run`, cells: () => unmeasured };
  const cells = store.toolConfusion(measured.runId);
  if (cells.length === 0)
    return {
      source: html`run <a href="${runHref(measured.runId)}">${measured.runId}</a> names no labelled tool (an LLM's decisions do not)`,
      cells: () => unmeasured,
    };
  return {
    source: html`run <a href="${runHref(measured.runId)}">${measured.runId}</a> (${measured.agent})`,
    cells: (tool: string) => {
      if (version.descriptions[tool] === undefined) return html`<td colspan="3" class="muted">no such tool</td>`;
      const c = toolChoices(cells, tool);
      const named = c.instead.slice(0, INSTEAD_SHOWN).map((x) => `${x.chosen ?? NO_TOOL} ${x.decisions}`);
      const rest = c.instead.slice(INSTEAD_SHOWN).reduce((total, x) => total + x.decisions, 0);
      const instead = [...named, ...(rest > 0 ? [`others ${rest}`] : [])].join(', ');
      return html`<td class="num">${interval(c.precision)} <span class="of">of ${c.precision.n}</span></td><td class="num">${interval(c.recall)} <span class="of">of ${c.recall.n}</span></td><td>${instead === '' ? '–' : instead}</td>`;
    },
  };
}
