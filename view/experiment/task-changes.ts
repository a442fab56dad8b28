// Regressed and fixed tasks between any two versions of an experiment (`/experiments/:id?a=&b=`), per suite and
// split, each task linked to its episodes in both versions' runs: from a changed rate to the trajectories behind it.
import type { Comparison, ExperimentReport, VersionResult } from '../../experiments/index.ts';
import type { TraceStore } from '../../traces/index.ts';
import { table } from '../cells.ts';
import { html, type Html } from '../html.ts';
import { episodeHref, runHref } from '../links.ts';

/** The two versions compared: `a` the one changed from, `b` the one changed to. */
export interface VersionPair {
  a: string;
  b: string;
}

/** How `b` changed from `a`, task by task (experiments/runner/statistics.ts compareWithBaseline). */
export type ComparePair = (a: VersionResult, b: VersionResult) => Comparison;

export function taskChangesSection(store: TraceStore, report: ExperimentReport, pair: VersionPair, compare: ComparePair): Html {
  const splits = report.suites.flatMap((suite) => [
    { suite: suite.suite, split: 'test', results: suite.results },
    ...(suite.paraphrase === undefined ? [] : [{ suite: suite.suite, split: 'paraphrase', results: suite.paraphrase.results }]),
  ]);
  const sections = splits.map(({ suite, split, results }) => {
    const [a, b] = [results.find((r) => r.versionId === pair.a), results.find((r) => r.versionId === pair.b)];
    const heading = html`<h3>${suite}, ${split} split</h3>`;
    if (a === undefined || b === undefined) return html`${heading}<p class="empty">not both versions ran on this split</p>`;
    return html`${heading}${changesTable(store, a, b, compare(a, b), report.settings.repeats)}`;
  });
  return html`<section class="task-changes">
    <h2>Regressed and fixed tasks</h2>
    ${pairForm(report, pair)} ${sections}
  </section>`;
}

function pairForm(report: ExperimentReport, pair: VersionPair): Html {
  const select = (name: 'a' | 'b') =>
    html`<select name="${name}">
      ${report.versions.map((v) => html`<option value="${v.id}" ${v.id === pair[name] ? 'selected' : ''}>${v.role === undefined ? v.id : `${v.id} (${v.role})`}</option>`)}
    </select>`;
  return html`<form class="filters" method="get"><label>from ${select('a')}</label> <label>to ${select('b')}</label> <button type="submit">compare</button></form>`;
}

function changesTable(store: TraceStore, a: VersionResult, b: VersionResult, changes: Comparison, repeats: number): Html {
  const rows = [...changes.worse.map((c) => ({ c, word: 'regressed' })), ...changes.better.map((c) => ({ c, word: 'fixed' }))].map(
    ({ c, word }) => html`<tr class="${word}">
      <td>${c.taskId}</td>
      <td class="change ${word}">${word}</td>
      <td class="num">${percentOf(c.baseline)} → ${percentOf(c.version)}</td>
      <td>${episodeLinks(store, a.runId, c.taskId, repeats)}</td>
      <td>${episodeLinks(store, b.runId, c.taskId, repeats)}</td>
    </tr>`,
  );
  if (rows.length === 0) return html`<p class="empty">no task changed its success rate from ${a.versionId} to ${b.versionId}</p>`;
  const runLink = (r: VersionResult) => html`<a href="${runHref(r.runId)}">${r.versionId}</a>`;
  return table('task-changes', ['task', 'change', 'success', html`episodes of ${runLink(a)}`, html`episodes of ${runLink(b)}`], rows);
}

const percentOf = (rate: number) => `${Math.round(rate * 100)}%`;

/** Each episode of the task in the run, by repeat, marked by its outcome. */
function episodeLinks(store: TraceStore, runId: string, taskId: string, repeats: number): Html[] {
  const { rows } = store.episodePage(runId, { task: taskId }, { limit: repeats, offset: 0 });
  return rows.map((e) => {
    const mark = e.success === true ? '✓' : e.success === false ? '✗' : '!';
    return html`<a class="outcome ${e.success === true ? 'success' : e.success === false ? 'failed' : 'error'}" href="${episodeHref(e.id)}" title="repeat ${e.repeatIndex}">${mark}</a> `;
  });
}
