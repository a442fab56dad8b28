// The search page over real searches: `tdo optimize` on the lab suite with the sim agent, once with the shipped
// descriptions and once with a calculator description carrying markup (tool descriptions are outside text).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTdoError } from '../../../src/index.ts';
import { PageError } from '../../../view/errors.ts';
import { openTraceStore, type TraceStore } from '../../../traces/index.ts';
import { searchPage } from '../../../view/pages/search.ts';
import { tdoEach } from '../../support/cli.ts';
import { REPO_ROOT } from '../../support/lab-runs.ts';
import { viewApp } from '../../../view/app.ts';

/** How the viewer answers a page's refusal (view/app.ts): a PageError's status, or 404 for the core's input error (an unknown id). */
const answeredWith = (error: unknown) => (error instanceof PageError ? error.status : isTdoError(error, 'input') ? 404 : 'not refused');

const HOSTILE = `<script>alert("x")</script> & <b>bold</b>`;

interface OptimizeJson {
  run_id: string;
  seed_version_id: string;
  version_id: string;
  best: { test: { score: number }; paraphrase: { score: number } };
  seed: { test: { score: number } };
}

let store: TraceStore;
let search: OptimizeJson;
/** what `tdo optimize` printed on stderr for the first search */
let stderr: string;
let hostile: OptimizeJson;

const render = async (runId: string, query = '') => (await searchPage.render({ store, params: { runId }, query: new URLSearchParams(query) })).html;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-view-search-'));
  const db = join(dir, 'tdo.db');
  const shipped = JSON.parse(readFileSync(join(REPO_ROOT, 'servers/lab/descriptions.json'), 'utf8')) as Record<string, string>;
  const hostileFile = join(dir, 'hostile.json');
  writeFileSync(hostileFile, JSON.stringify({ ...shipped, calculator: `${shipped['calculator']} ${HOSTILE}` }));
  const args = (budget: string) => ['optimize', '--suite', 'lab', '--server', 'lab', '--budget', budget, '--db', db, '--json'];
  // one after the other: both write the one store
  const [plain] = await tdoEach([{ args: args('300') }]);
  const [marked] = await tdoEach([{ args: args('60'), env: { TDO_LAB_DESCRIPTIONS: hostileFile } }]);
  expect(plain!.code, plain!.stderr).toBe(0);
  expect(marked!.code, marked!.stderr).toBe(0);
  search = JSON.parse(plain!.stdout) as OptimizeJson;
  stderr = plain!.stderr;
  hostile = JSON.parse(marked!.stdout) as OptimizeJson;
  store = openTraceStore(db);
});

afterAll(() => store?.close());

describe('the search page', () => {
  it('draws every candidate and every proposal that did not join the pool, the latter dashed', async () => {
    const page = await render(search.run_id);
    const candidates = store.listCandidates(search.run_id);
    const left = store.listProposals(search.run_id).filter((p) => p.child === null);
    expect(candidates.length).toBeGreaterThan(1);
    expect(page.match(/<a href="[^"]*" class="node"/g)?.length).toBe(candidates.length);
    expect(page.match(/<a href="[^"]*" class="node refused"/g)?.length).toBe(left.length);
    for (const p of left) expect(page).toContain(`href="/searches/${search.run_id}?iteration=${p.iteration}"`);
    expect(page).toContain(`${search.seed_version_id} → ${search.version_id}`);
  });

  it('labels each edge with the tools it changed', async () => {
    const page = await render(search.run_id);
    const [seed, first] = store.listCandidates(search.run_id);
    const changed = Object.keys(first!.descriptions).filter((t) => first!.descriptions[t] !== seed!.descriptions[t]);
    expect(page).toContain(`<g class="edge"><title>${changed.sort().join(', ')}</title>`);
  });

  it('shows a selected candidate: its descriptions, diffs, minibatch and val scores per task', async () => {
    const candidate = store.listCandidates(search.run_id).at(-1)!;
    const made = store.listProposals(search.run_id).find((p) => p.child === candidate.candidate)!;
    const page = await render(search.run_id, `candidate=${candidate.candidate}`);
    expect(page).toContain(`<h2>Candidate ${candidate.candidate}</h2>`);
    expect(page).toContain(`Against its parent, candidate ${candidate.parents[0]}`);
    for (const task of made.minibatch) expect(page).toContain(`<td>${task}</td>`);
    for (const task of Object.keys(candidate.valScores)) expect(page).toContain(`<td>${task}</td><td>${candidate.valScores[task]}</td>`);
    expect(page).toContain('class="node selected"');
  });

  it("shows a proposal that did not join the pool with the search's reason", async () => {
    const refused = store.listProposals(search.run_id).find((p) => p.child === null && p.reason !== null)!;
    const page = await render(search.run_id, `iteration=${refused.iteration}`);
    expect(page).toContain(`Proposal of iteration ${refused.iteration}`);
    expect(page).toContain(refused.reason!.replaceAll("'", '&#39;'));
  });

  it("draws the held-out scores of the seed and the winner beside the search's", async () => {
    const page = await render(search.run_id);
    expect(page).toContain(`seed test ${search.seed.test.score.toFixed(2)}`);
    expect(page).toContain(`winner paraphrase ${search.best.paraphrase.score.toFixed(2)}`);
    expect(page).toContain('Cost per point gained');
  });

  it('shows the suite check as the command printed it when the search started', async () => {
    const stored = store.getRun(search.run_id)!.suiteCheck!;
    expect(stderr).toContain(stored);
    expect(stored).toMatch(/^suite check \(before any episode is run\):/);
    const page = await render(search.run_id);
    for (const line of stored
      .trimEnd()
      .split('\n')
      .filter((l) => !/[&<>"']/.test(l)))
      expect(page).toContain(line);
  });

  it('shows a description with markup as text', async () => {
    const page = await render(hostile.run_id, 'candidate=0');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<b>bold');
  });

  it('refuses an unknown search, candidate or iteration (404) and a query it cannot read (400)', async () => {
    for (const [runId, query, status] of [
      ['r-nonesuch', '', 404],
      [search.run_id, 'candidate=99', 404],
      [search.run_id, 'iteration=9999', 404],
      [search.run_id, 'candidate=two', 400],
      [search.run_id, 'colour=red', 400],
    ] as const) {
      const error = await render(runId, query).catch((e: unknown) => e);
      expect(answeredWith(error), `${runId}?${query}`).toBe(status);
    }
  });

  it('is served at its route, a missing search answering 404', async () => {
    const app = viewApp(store);
    const ok = await app.request(`/searches/${search.run_id}?candidate=1`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('<h2>Candidate 1</h2>');
    const missing = await app.request('/searches/r-nonesuch');
    expect(missing.status).toBe(404);
  });
});
