// The contractor page over a real `tdo demo overconfident` (sim agent, a small budget): its two searches found
// from either, each role's success and selection share as the demo measured them, and the lint flags gained.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percent } from '../../../experiments/index.ts';
import { isTdoError } from '../../../src/index.ts';
import { PageError } from '../../../view/errors.ts';
import { openTraceStore, type TraceStore } from '../../../traces/index.ts';
import { contractorPage } from '../../../view/pages/contractor.ts';
import { experimentPage } from '../../../view/pages/experiment.ts';
import { experimentsPage } from '../../../view/pages/experiments.ts';
import { tdo } from '../../support/cli.ts';

/** How the viewer answers a page's refusal (view/app.ts): a PageError's status, or 404 for the core's input error (an unknown id). */
const answeredWith = (error: unknown) => (error instanceof PageError ? error.status : isTdoError(error, 'input') ? 404 : 'not refused');

interface RoleJson {
  version_id: string;
  success_rate: number;
  success_ci: [number, number];
  first_choice_share: number;
  lint_gained: Array<{ tool: string; rule: string }>;
}
type DemoJson = Record<'seed' | 'selection_best' | 'success_best', RoleJson> & {
  optimize_runs: Record<'selection' | 'success', { run_id: string }>;
  experiment_id: string;
};

let store: TraceStore;
let demo: DemoJson;

const render = async (runId: string, query = '') => (await contractorPage.render({ store, params: { runId }, query: new URLSearchParams(query) })).html;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-view-contractor-'));
  const db = join(dir, 'tdo.db');
  const r = await tdo(['demo', 'overconfident', '--budget', '18', '--repeat', '1', '--json', '--db', db, '--out', join(dir, 'report')]);
  expect(r.code, r.stderr).toBe(0);
  demo = JSON.parse(r.stdout) as DemoJson;
  store = openTraceStore(db);
});

afterAll(() => store?.close());

describe('the contractor page', () => {
  it("shows each role's success with its interval and its selection share as the demo measured them", async () => {
    const page = await render(demo.optimize_runs.selection.run_id);
    for (const [role, key] of [
      ['seed', 'seed'],
      ['selection-best', 'selection_best'],
      ['success-best', 'success_best'],
    ] as const) {
      const row = demo[key];
      const success = `${percent(row.success_rate)} [${percent(row.success_ci[0], 0)}, ${percent(row.success_ci[1], 0)}]`;
      const flags = row.lint_gained.length === 0 ? 'none' : `<ul>${row.lint_gained.map((f) => `<li>${f.tool}: ${f.rule}</li>`).join('')}</ul>`;
      expect(page).toMatch(
        new RegExp(
          `<tr><th>${role}</th><td>(<a [^>]*>)?${row.version_id}(</a>)?</td><td>[^<]*</td><td>${success.replace(/[[\]]/g, '\\$&')}</td><td>${percent(row.first_choice_share).replace('.', '\\.')}</td><td><a href="/runs/[^"]+">r-[0-9a-f]+</a>[^<]*</td><td>${flags}</td></tr>`,
        ),
      );
    }
  });

  it('finds the same pair from either search, and takes the partner the URL names', async () => {
    const { selection, success } = demo.optimize_runs;
    const fromSelection = await render(selection.run_id);
    expect(await render(success.run_id)).toBe(fromSelection);
    expect(await render(selection.run_id, `with=${success.run_id}`)).toBe(fromSelection);
  });

  it('refuses a run that is no search (404), a partner of the same target and an unknown parameter (400)', async () => {
    const { selection } = demo.optimize_runs;
    for (const [runId, query, status] of [
      ['r-nonesuch', '', 404],
      [selection.run_id, `with=${selection.run_id}`, 400],
      [selection.run_id, 'colour=red', 400],
    ] as const) {
      const error = await render(runId, query).catch((e: unknown) => e);
      expect(answeredWith(error), `${runId}?${query}`).toBe(status);
    }
  });

  it("is linked from the demo's experiment, which names both searches and is listed as the demo's", async () => {
    const { selection, success } = demo.optimize_runs;
    const experiment = store.experimentPage({ limit: 10, offset: 0 }).rows;
    expect(experiment.map((x) => x.id)).toEqual([demo.experiment_id]);
    const page = (await experimentPage.render({ store, params: { experimentId: demo.experiment_id }, query: new URLSearchParams() })).html;
    for (const runId of [selection.run_id, success.run_id]) expect(page).toContain(`<a href="/searches/${runId}">${runId}</a>`);
    expect(page).toContain(`<a href="/contractor/${selection.run_id}?with=${success.run_id}">the overconfident contractor</a>`);
    const list = (await experimentsPage.render({ store, params: {}, query: new URLSearchParams() })).html.replace(/>\s+</g, '><');
    expect(list).toContain(`<td><a href="/experiments/${demo.experiment_id}">${demo.experiment_id}</a></td><td>tdo demo</td>`);
  });
});
