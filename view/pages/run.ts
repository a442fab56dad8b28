// A run's page (`/runs/:runId`): its outcomes, and a page of its episodes filtered by failed, errored, task, tool and
// split, each linked to its trajectory (docs/view.md).
import { preview } from '../../experiments/index.ts';
import type { EpisodeListRow, RunRow, TraceStore } from '../../traces/index.ts';
import { agentCell, duration, flagFilter, outcomeCell, pager, successCell, suiteCheckDetails, table, textFilter, when } from '../cells.ts';
import { notFound } from '../errors.ts';
import { html } from '../html.ts';
import type { PageRequest, ViewPage } from '../page.ts';
import { filterFlag, filterText, pageWindow, readQuery } from '../query.ts';
import { runTabs } from './run-tabs.ts';
import { searchHref } from '../links.ts';

export const runPage: ViewPage = {
  path: '/runs/:runId',
  render({ store, params, query }: PageRequest) {
    const run = runOf(store, params.runId!);
    const q = readQuery(query, { failed: filterFlag, errored: filterFlag, task: filterText, tool: filterText, split: filterText });
    const filter = { failed: q.failed, errored: q.errored, task: q.task, tool: q.tool, split: q.split };
    const { rows, more } = store.episodePage(run.id, filter, pageWindow(q.page));
    const path = `/runs/${encodeURIComponent(run.id)}`;
    const form = html`<form class="filters" method="get" action="${path}">
      ${flagFilter('failed', 'failed', q.failed)} ${flagFilter('errored', 'errored', q.errored)} ${textFilter('task', 'task', q.task)}
      ${textFilter('tool', 'tool', q.tool)} ${textFilter('split', 'split', q.split)}
      <button type="submit">filter</button> <a href="${path}">clear</a>
    </form>`;
    const list = rows.length === 0 ? html`<p class="empty">no episode matches</p>` : episodeTable(rows);
    const check = run.suiteCheck === null ? '' : suiteCheckDetails(run.suiteCheck, { open: false });
    const body = html`${runHeader(store, run)}${check}${runTabs(run.id, 'episodes')}${form}${list}${pager(path, query, q.page, more)}`;
    return { title: `Run ${run.id}`, html: String(body), live: run.status === 'running' };
  },
};

/** The run `runId` names, or a 404 naming it. */
export function runOf(store: TraceStore, runId: string): RunRow {
  const run = store.getRun(runId);
  if (run === undefined) throw notFound(`no run "${runId}" in ${store.path}`);
  return run;
}

/** The run's heading: what it ran, with which agent, and how its episodes ended. */
export function runHeader(store: TraceStore, run: RunRow) {
  const o = store.runOutcomes(run.id);
  return html`<h1>Run ${run.id}</h1>
    <dl class="facts">
      <dt>kind</dt>
      <dd>${run.kind === 'optimize' ? html`search: <a href="${searchHref(run.id)}">its lineage, scores and cost</a>` : run.kind}</dd>
      <dt>suite</dt>
      <dd>${run.suiteName}</dd>
      <dt>agent</dt>
      <dd>${agentCell(run.agentId)}</dd>
      <dt>split</dt>
      <dd>${run.split}</dd>
      <dt>repeats</dt>
      <dd>${run.repeats}</dd>
      <dt>seed</dt>
      <dd>${run.seed}</dd>
      <dt>status</dt>
      <dd class="status ${run.status}">${run.status}</dd>
      <dt>started</dt>
      <dd>${when(run.createdAt)}</dd>
      <dt>duration</dt>
      <dd>${duration(run.createdAt, run.finishedAt)}</dd>
      <dt>episodes</dt>
      <dd>${o.episodes} (${o.running} running, ${o.errors} errored)</dd>
      <dt>success [95% CI]</dt>
      <dd>${successCell(o.successes, o.judged)}</dd>
    </dl>`;
}

function episodeTable(rows: readonly EpisodeListRow[]) {
  const body = rows.map(
    (e) =>
      html`<tr>
        <td><a href="/episodes/${encodeURIComponent(e.id)}">${e.taskId}</a></td>
        <td>${e.split}</td>
        <td class="num">${e.repeatIndex}</td>
        <td>${outcomeCell(e.status, e.success)}</td>
        <td>${e.tools.join(' → ')}</td>
        <td class="feedback">${preview(e.feedback ?? '')}</td>
        <td class="num">${duration(e.startedAt, e.finishedAt)}</td>
      </tr>`,
  );
  return table('episodes', ['task', 'split', 'repeat', 'result', 'tools called', 'feedback', 'duration'], body);
}
