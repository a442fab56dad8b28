// One experiment (`/experiments/:experimentId`, docs/view.md): the report as `tdo experiment` wrote it, rebuilt from
// the store (verdict first, versions by split with intervals, charts, diffs), the runs that measured it, and the
// tasks that regressed or were fixed between any two of its versions, each linked to its episodes in both runs.
import * as z from 'zod';
import { loadExperimentViews, type DemoSearchRuns, type ExperimentRecord, type ExperimentReport } from '../../experiments/index.ts';
import type { ExperimentRow, TraceStore } from '../../traces/index.ts';
import { agentCell, successCell, table } from '../cells.ts';
import { badQuery, notFound } from '../errors.ts';
import { taskChangesSection, type VersionPair } from '../experiment/task-changes.ts';
import { escaped, html, type Html } from '../html.ts';
import { runHref } from '../links.ts';
import type { ViewPage } from '../page.ts';
import { parseQuery } from '../query.ts';

const experimentQuery = z.object({ a: z.string().min(1).optional(), b: z.string().min(1).optional() }).strict();

export const experimentPage: ViewPage = {
  path: '/experiments/:experimentId',
  async render({ store, params, query }) {
    const id = params['experimentId'] ?? '';
    const row = store.getExperiment(id);
    if (row === undefined) throw notFound(`no experiment ${id} in this store (the experiments page lists them)`);
    const views = await loadExperimentViews();
    const { record, report } = keptReport(store, row, views);
    const pair = versionPair(report, parseQuery(experimentQuery, query));
    const compare: Parameters<typeof taskChangesSection>[3] = (a, b) => views.compareWithBaseline([a, b], report.settings.threshold)[0]!;
    const body = html`<style>${escaped(views.REPORT_PARTS_CSS)}</style>
<h1>Experiment ${row.id}: ${row.suites.join(', ')}</h1>
${record.searches === undefined ? '' : demoNote(record.searches)}
${escaped(views.experimentBodyHtml(report))}
${runsTable(report)}
${taskChangesSection(store, report, pair, compare)}`;
    return { title: `experiment ${row.id}`, html: body.toString() };
  },
};

type ExperimentViews = Awaited<ReturnType<typeof loadExperimentViews>>;

type Rebuilt = { record: ExperimentRecord; report: ExperimentReport };

/**
 * Rebuilding reads every episode of the experiment's runs, so a report is kept per store until the store changes
 * (its data version moves when any run writes): the diffs quote each version's latest measurement, which a later run may change.
 */
const kept = new WeakMap<TraceStore, { dataVersion: number; reports: Map<string, Rebuilt> }>();

function keptReport(store: TraceStore, row: ExperimentRow, views: ExperimentViews): Rebuilt {
  const dataVersion = store.dataVersion();
  let forStore = kept.get(store);
  if (forStore === undefined || forStore.dataVersion !== dataVersion) kept.set(store, (forStore = { dataVersion, reports: new Map() }));
  const report = forStore.reports.get(row.id) ?? rebuiltReport(store, row, views);
  forStore.reports.set(row.id, report);
  return report;
}

/** The report from the stored record and the runs it names; a record this tdo cannot read is named as such. */
function rebuiltReport(store: TraceStore, row: ExperimentRow, views: ExperimentViews): Rebuilt {
  const read = views.parseExperimentRecord(row.record);
  if ('problem' in read) throw notFound(`experiment ${row.id} was stored in a form this version of tdo does not read: ${read.problem}`);
  try {
    return { record: read.record, report: views.experimentReportOf(store, read.record, row.id) };
  } catch (err) {
    throw notFound(`experiment ${row.id} cannot be shown: ${(err as Error).message}`);
  }
}

/** A demo's experiment names the two searches whose winners it measures, and the page that sets them side by side. */
function demoNote(searches: DemoSearchRuns): Html {
  const search = (runId: string) => html`<a href="/searches/${encodeURIComponent(runId)}">${runId}</a>`;
  const contractor = `/contractor/${encodeURIComponent(searches.selection)}?with=${encodeURIComponent(searches.success)}`;
  return html`<p>The experiment of <code>tdo demo overconfident</code>: it measures the winners of search ${search(searches.selection)} (for selection) and search ${search(searches.success)} (for success); <a href="${contractor}">the overconfident contractor</a> sets them side by side.</p>`;
}

/** From the first version to the best (or the second, when the first is best), unless the query names the two. */
function versionPair(report: ExperimentReport, asked: { a?: string | undefined; b?: string | undefined }): VersionPair {
  const ids = report.versions.map((v) => v.id);
  for (const id of [asked.a, asked.b])
    if (id !== undefined && !ids.includes(id)) throw badQuery(`version ${id} is not one of this experiment's (${ids.join(', ')})`);
  const a = asked.a ?? ids[0]!;
  const best = report.answers[0]?.best;
  const b = asked.b ?? (best !== undefined && best !== a ? best : (ids.find((id) => id !== a) ?? a));
  return { a, b };
}

/** Every run of the experiment: a version on a split of a suite. */
function runsTable(report: ExperimentReport): Html {
  const role = (id: string) => report.versions.find((v) => v.id === id)?.role;
  const rows = report.suites.flatMap((suite) =>
    [...suite.results.map((r) => ({ r, split: 'test' })), ...(suite.paraphrase?.results ?? []).map((r) => ({ r, split: 'paraphrase' }))].map(
      ({ r, split }) => html`<tr>
        <td>${suite.suite}</td>
        <td>${r.versionId}${role(r.versionId) === undefined ? '' : html` <small>${role(r.versionId)}</small>`}</td>
        <td>${split}</td>
        <td><a href="${runHref(r.runId)}">${r.runId}</a></td>
        <td class="status ${r.status}">${r.status}</td>
        <td class="num">${successCell(r.success.successes, r.success.n)}</td>
      </tr>`,
    ),
  );
  return html`<section class="runs"><h2>Runs</h2><p>Agent ${agentCell(report.agent.id)}.</p>${table('runs', ['suite', 'version', 'split', 'run', 'status', 'success [95% CI]'], rows)}</section>`;
}
