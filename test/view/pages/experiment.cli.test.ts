// The experiment pages over a real `tdo experiment` on lab (sim agent): the seed against an imported version that
// swaps two tools' descriptions. The page rebuilds the report the command printed from what the store kept, and
// links every regressed or fixed task to its episodes in both versions' runs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimentReportJson, interval, loadExperimentViews } from '../../../experiments/index.ts';
import { toJsonText } from '../../../src/index.ts';
import { openTraceStore, type TraceStore } from '../../../traces/index.ts';
import { PageError } from '../../../view/errors.ts';
import { experimentPage } from '../../../view/pages/experiment.ts';
import { experimentsPage } from '../../../view/pages/experiments.ts';
import { tdo } from '../../support/cli.ts';

interface TaskChangeJson {
  task_id: string;
  baseline: number;
  version: number;
}
interface ReportJson {
  id: string;
  verdict: string;
  versions: Array<{ id: string }>;
  suites: Array<{
    results: Array<{ version_id: string; run_id: string; success: { successes: number; n: number } }>;
    comparisons: Array<{ better: TaskChangeJson[]; worse: TaskChangeJson[] }>;
    paraphrase: { results: Array<{ version_id: string; run_id: string }> };
  }>;
}

let store: TraceStore;
let printed: ReportJson;
let stdout: string;

const render = async (experimentId: string, query = '') =>
  (await experimentPage.render({ store, params: { experimentId }, query: new URLSearchParams(query) })).html.replace(/>\s+</g, '><');

/** The rows of the task-change table under a split's heading: task, change, and the episode ids linked in each run's column. */
function changeRows(page: string, heading: string) {
  const section = page.split(`<h3>${heading}</h3>`)[1]!.split('<h3>')[0]!.split('</section>')[0]!;
  return [...section.matchAll(/<tr class="(regressed|fixed)"><td>([^<]+)<\/td>.*?<\/tr>/g)].map((m) => {
    const cells = [...m[0].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]!);
    const ids = (cell: string) => [...cell.matchAll(/href="\/episodes\/([^"]+)"/g)].map((x) => x[1]!);
    return { change: m[1]!, task: m[2]!, a: ids(cells[3]!), b: ids(cells[4]!) };
  });
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-view-experiment-'));
  const db = join(dir, 'tdo.db');
  const seeded = await tdo(['run', '--suite', 'lab', '--split', 'test', '--repeat', '1', '--db', db]);
  expect(seeded.code, seeded.stderr).toBe(0);
  const seedStore = openTraceStore(db);
  const seed = seedStore.listVersions('lab')[0]!;
  seedStore.close();
  const tools = Object.keys(seed.descriptions);
  const swapped = Object.fromEntries(tools.map((tool, i) => [tool, seed.descriptions[tools[(i + 1) % tools.length]!]!]));
  writeFileSync(join(dir, 'swapped.json'), JSON.stringify(swapped));
  const imported = await tdo(['import', join(dir, 'swapped.json'), '--server', 'lab', '--db', db, '--json']);
  expect(imported.code, imported.stderr).toBe(0);
  const version = (JSON.parse(imported.stdout) as { id: string }).id;
  const r = await tdo([
    'experiment',
    '--suite',
    'lab',
    '--version',
    `${seed.id},${version}`,
    '--repeat',
    '2',
    '--json',
    '--db',
    db,
    '--out',
    join(dir, 'report'),
  ]);
  expect([0, 1], r.stderr).toContain(r.code);
  stdout = r.stdout;
  printed = JSON.parse(stdout) as ReportJson;
  store = openTraceStore(db, { readOnly: true });
}, 120_000);

afterAll(() => store?.close());

describe('the experiment pages', () => {
  it('rebuild from the store exactly the report the command printed', async () => {
    const views = await loadExperimentViews();
    const row = store.getExperiment(printed.id)!;
    const read = views.parseExperimentRecord(row.record);
    if ('problem' in read) throw new Error(read.problem);
    // the command adds what it spent and why it stopped (cli/actions/experiment.ts) to the report it prints
    const { spend: _spend, stopped: _stopped, ...report } = JSON.parse(stdout) as Record<string, unknown>;
    expect(JSON.parse(toJsonText(experimentReportJson(views.experimentReportOf(store, read.record, row.id))))).toEqual(report);
  });

  it('list the experiment with its verdict and its agent marked as a simulation', async () => {
    const list = (await experimentsPage.render({ store, params: {}, query: new URLSearchParams() })).html.replace(/>\s+</g, '><');
    expect(list).toContain(`<a href="/experiments/${printed.id}">${printed.id}</a>`);
    expect(list).toContain(`<td class="verdict-word ${printed.verdict}">${printed.verdict}</td>`);
    expect(list).toContain('simulation');
  });

  it('give the verdict first, each version with its interval, and link every run', async () => {
    const page = await render(printed.id);
    const [suite] = printed.suites;
    expect(page.indexOf('class="answer"')).toBeLessThan(page.indexOf('class="verdict'));
    expect(page.indexOf('class="verdict')).toBeLessThan(page.indexOf('<section class="suite">'));
    for (const result of suite!.results) expect(page).toContain(interval(result.success as Parameters<typeof interval>[0]));
    for (const result of [...suite!.results, ...suite!.paraphrase.results]) expect(page).toContain(`<a href="/runs/${result.run_id}">${result.run_id}</a>`);
  });

  it("link each regressed and fixed task to its episodes in both versions' runs", async () => {
    const [suite] = printed.suites;
    const [baseline, other] = suite!.results;
    const rows = changeRows(await render(printed.id), 'lab, test split');
    const expected = [...suite!.comparisons[0]!.worse.map((c) => ['regressed', c.task_id]), ...suite!.comparisons[0]!.better.map((c) => ['fixed', c.task_id])];
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((r) => [r.change, r.task])).toEqual(expected);
    for (const row of rows) {
      expect(row.a).toHaveLength(2);
      expect(row.b).toHaveLength(2);
      for (const [ids, run] of [
        [row.a, baseline!.run_id],
        [row.b, other!.run_id],
      ] as const) {
        for (const id of ids) expect(store.getTrajectory(id)?.episode).toMatchObject({ runId: run, taskId: row.task });
      }
    }
  });

  it('compare any two versions named in the URL: the other way round, what regressed was fixed', async () => {
    const [a, b] = printed.versions.map((v) => v.id);
    const forward = changeRows(await render(printed.id, `a=${a}&b=${b}`), 'lab, test split');
    const back = changeRows(await render(printed.id, `a=${b}&b=${a}`), 'lab, test split');
    const flipped = (change: string) => (change === 'fixed' ? 'regressed' : 'fixed');
    expect(back.map((r) => [r.task, r.change]).sort()).toEqual(forward.map((r) => [r.task, flipped(r.change)]).sort());
  });

  it('answer 404 for an unknown experiment and 400 for a version that is not one of its own', async () => {
    await expect(render('x-00000000')).rejects.toSatisfy((e) => e instanceof PageError && e.status === 404);
    await expect(render(printed.id, 'a=lab-nope')).rejects.toSatisfy((e) => e instanceof PageError && e.status === 400 && /lab-nope/.test(e.message));
  });
});
