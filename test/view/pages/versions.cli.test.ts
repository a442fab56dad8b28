// The versions, compare and blame pages over a real store: a `tdo optimize` search on the lab suite with the sim
// agent, and a hand-edited version of its winner with markup in a description, recorded by `tdo import`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interval } from '../../../experiments/index.ts';
import { isTdoError } from '../../../src/index.ts';
import { PageError } from '../../../view/errors.ts';
import { openTraceStore, type TraceStore } from '../../../traces/index.ts';
import type { ViewPage } from '../../../view/page.ts';
import { blamePage } from '../../../view/pages/blame.ts';
import { comparePage } from '../../../view/pages/compare.ts';
import { versionsPage } from '../../../view/pages/versions.ts';
import { sentencesOf } from '../../../view/versions/blame.ts';
import { toolChoices } from '../../../view/versions/tool-choices.ts';
import { tdo } from '../../support/cli.ts';
import { viewApp } from '../../../view/app.ts';

/** How the viewer answers a page's refusal (view/app.ts): a PageError's status, or 404 for the core's input error (an unknown id). */
const answeredWith = (error: unknown) => (error instanceof PageError ? error.status : isTdoError(error, 'input') ? 404 : 'not refused');

const HOSTILE = `<img src=x onerror="alert(1)"> & more`;

let store: TraceStore;
let runId: string;
let seedId: string;
let winnerId: string;
let editedId: string;

const render = async (page: ViewPage, query: string) => (await page.render({ store, params: {}, query: new URLSearchParams(query) })).html;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-view-versions-'));
  const db = join(dir, 'tdo.db');
  const search = await tdo(['optimize', '--suite', 'lab', '--server', 'lab', '--budget', '300', '--db', db, '--json']);
  expect(search.code, search.stderr).toBe(0);
  const made = JSON.parse(search.stdout) as { run_id: string; seed_version_id: string; version_id: string };
  [runId, seedId, winnerId] = [made.run_id, made.seed_version_id, made.version_id];
  store = openTraceStore(db);
  const edited = join(dir, 'edited.json');
  writeFileSync(edited, JSON.stringify({ ...store.getVersion(winnerId)!.descriptions, unit_convert: `Convert a value between units. ${HOSTILE}` }));
  store.close();
  const imported = await tdo(['import', edited, '--server', 'lab', '--parent', winnerId, '--db', db, '--json']);
  expect(imported.code, imported.stderr).toBe(0);
  editedId = (JSON.parse(imported.stdout) as { id: string }).id;
  // the edited version measured by a run of its own; the seed and the winner only by the search
  const measured = await tdo(['run', '--suite', 'lab', '--split', 'test', '--repeat', '1', '--version', editedId, '--db', db]);
  expect(measured.code, measured.stderr).toBe(0);
  store = openTraceStore(db);
});

afterAll(() => store?.close());

describe('the versions page', () => {
  it("lists each server's versions in lineage order with a link to each diff with its parent", async () => {
    const page = await render(versionsPage, '');
    for (const v of store.listVersions()) expect(page).toContain(v.id);
    expect(page).toContain(`href="/versions/compare?server=lab&amp;a=${winnerId}&amp;b=${editedId}"`);
    expect(page).toContain(`href="/versions/blame?version=${winnerId}"`);
    expect(page.indexOf(seedId)).toBeLessThan(page.indexOf(winnerId));
  });

  it('filters by server', async () => {
    const page = await render(versionsPage, 'server=labplus');
    expect(page).toContain('labplus-');
    expect(page).not.toContain(seedId);
  });
});

describe('the compare page', () => {
  it("shows both texts side by side, the word diff, the measured rates and the lint flags' change", async () => {
    const page = await render(comparePage, `server=lab&a=${seedId}&b=${winnerId}`);
    const winner = store.getVersion(winnerId)!;
    expect(page).toContain('<h2>Side by side</h2>');
    expect(page).toContain('<ins>');
    expect(page).toContain('success [95% CI]');
    expect(page).toContain('lint gained');
    expect(page).toContain(winner.descriptions['read_file']!.replaceAll("'", '&#39;'));
  });

  it("shows each tool's precision, recall and other choices from the run that measured a version, and says which were measured by none", async () => {
    const page = (await render(comparePage, `a=${winnerId}&b=${editedId}`)).replace(/\s+/g, ' ');
    const runId = store.listRuns().find((r) => r.kind === 'suite')!.id;
    expect(page).toContain(`A ${winnerId}: not measured by a run`);
    expect(page).toContain(`B ${editedId}: run <a href="/runs/${runId}">${runId}</a> (sim)`);
    const cells = store.toolConfusion(runId);
    for (const tool of Object.keys(store.getVersion(editedId)!.descriptions)) {
      const { precision, recall } = toolChoices(cells, tool);
      expect(precision.n + recall.n).toBeGreaterThan(0);
      expect(page).toContain(
        `<td class="num">${interval(precision)} <span class="of">of ${precision.n}</span></td><td class="num">${interval(recall)} <span class="of">of ${recall.n}</span></td>`,
      );
    }
  });

  it('shows a description with markup as text', async () => {
    const page = await render(comparePage, `a=${winnerId}&b=${editedId}`);
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; more');
  });

  it('refuses unknown versions (404), versions of another server and a missing parameter (400)', async () => {
    const labplus = store.listVersions('labplus')[0]!.id;
    for (const [query, status] of [
      [`a=${seedId}&b=nonesuch`, 404],
      [`a=${seedId}&b=${labplus}`, 400],
      [`server=labplus&a=${seedId}&b=${winnerId}`, 400],
      [`a=${seedId}`, 400],
    ] as const) {
      const error = await render(comparePage, query).catch((e: unknown) => e);
      expect(answeredWith(error), query).toBe(status);
    }
  });
});

describe('the blame page', () => {
  it('names for each sentence of the winner the candidate that added it and the change measured then', async () => {
    const page = await render(blamePage, `version=${winnerId}`);
    const winner = store.getVersion(winnerId)!;
    const seed = store.getVersion(seedId)!;
    const sentences = Object.values(winner.descriptions).flatMap(sentencesOf);
    expect(page.match(/<td class="text">/g)?.length).toBe(sentences.length);
    const added = sentences.filter((s) => !Object.values(seed.descriptions).some((t) => t.includes(s)));
    expect(added.length).toBeGreaterThan(0);
    expect(page.match(/>the seed<\/a>/g)?.length).toBe(sentences.length - added.length);
    expect(page).toMatch(new RegExp(`href="/searches/${runId}\\?candidate=[1-9]`));
  });

  it('says why a version that won no search has no blame', async () => {
    const page = await render(blamePage, `version=${editedId}`);
    expect(page).toContain('is not the winner of a search');
  });

  it('is served at its route; an unknown version answers 404 and an unknown parameter 400', async () => {
    const app = viewApp(store);
    expect((await app.request(`/versions/blame?version=${winnerId}`)).status).toBe(200);
    expect((await app.request('/versions/blame?version=lab-0000000000')).status).toBe(404);
    expect((await app.request('/versions?colour=red')).status).toBe(400);
  });
});
