// What several pages show the same way: an agent (a simulation marked as one), an outcome, a rate with its
// interval, a duration, the pager under a list, and the suite check a command printed as its run started.
import { interval, outcome } from '../experiments/index.ts';
import { isSimulatedAgentId, wilson } from '../src/index.ts';
import { html, type Html } from './html.ts';
import { withQuery } from './query.ts';

/** The agent's id, and "simulation" beside a simulated one, as every terminal report marks it. */
export function agentCell(agentId: string): Html {
  return isSimulatedAgentId(agentId) ? html`${agentId} <span class="sim" title="the sim agent: a simulation, not an LLM">simulation</span>` : html`${agentId}`;
}

export function outcomeCell(status: string, success: boolean | null): Html {
  const word = outcome(status, success);
  return html`<span class="outcome ${word}">${word}</span>`;
}

/** "72.7% [51.8%, 86.8%] of 22": the success rate of the judged episodes with its 95% Wilson interval. */
export function successCell(successes: number, judged: number): Html {
  return html`${interval(wilson(successes, judged))} <span class="of">of ${judged}</span>`;
}

/** From `from` to `to` (or now, for what is still running), in words a reader takes in at once. */
export function duration(from: string, to: string | null, now = Date.now()): string {
  const ms = (to === null ? now : Date.parse(to)) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
  return `${Math.floor(ms / 3_600_000)} h ${Math.round((ms % 3_600_000) / 60_000)} min`;
}

/** A timestamp as stored, shortened to the second. */
export const when = (iso: string) => iso.replace('T', ' ').slice(0, 19);

/** Links to the previous and next pages of a list, keeping its filters. */
export function pager(path: string, query: URLSearchParams, page: number, more: boolean): Html {
  const previous = page > 1 ? html`<a rel="prev" href="${withQuery(path, query, { page: page === 2 ? undefined : String(page - 1) })}">previous</a>` : '';
  const next = more ? html`<a rel="next" href="${withQuery(path, query, { page: String(page + 1) })}">next</a>` : '';
  return html`<nav class="pager">${previous} <span>page ${page}</span> ${next}</nav>`;
}

/** A select of a filter's values, the current one selected; empty means "any". */
export function selectFilter(name: string, label: string, values: readonly string[], current: string | undefined): Html {
  const options = values.map((v) => html`<option value="${v}" ${v === current ? 'selected' : ''}>${v}</option>`);
  return html`<label
    >${label}
    <select name="${name}">
      <option value="">any</option>
      ${options}
    </select></label
  >`;
}

export function textFilter(name: string, label: string, current: string | undefined): Html {
  return html`<label>${label} <input name="${name}" value="${current ?? ''}" size="14" /></label>`;
}

export function flagFilter(name: string, label: string, on: boolean): Html {
  return html`<label><input type="checkbox" name="${name}" value="1" ${on ? 'checked' : ''} /> ${label}</label>`;
}

/** A table of `rows` under one heading row. */
export function table(className: string, headings: readonly unknown[], rows: readonly Html[]): Html {
  return html`<table class="${className}">
    <thead>
      <tr>
        ${headings.map((h) => html`<th>${h}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
}

/** The suite check as the command printed it when the run started (traces/schema.ts runs.suite_check). */
export function suiteCheckDetails(text: string, { open }: { open: boolean }): Html {
  return html`<details class="suite-check" ${open ? 'open' : ''}>
    <summary>The suite check, as printed when the run started</summary>
    <pre>${text.trimEnd()}</pre>
  </details>`;
}
