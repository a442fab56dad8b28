// `tdo view` in a real Chromium (Debian's, through playwright-core), over a store made by a real run: from the runs
// page into a run and an episode, a filter that changes the URL, a description's <script> shown as text and never
// run, a running run's page updating by itself, and no request to anywhere but the viewer. Then over a store of two
// real searches (for selection and for success) and a real experiment: every page, reached by its links.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTraceStore, type TraceStore } from '../../traces/index.ts';
import { startViewServer, type ViewServer } from '../../view/server.ts';
import { tdo } from '../support/cli.ts';
import { ANSWERED, handRun, startHandEpisode } from '../support/hand-recorded.ts';
import { HOSTILE, viewStore } from './view-store.ts';

const CHROMIUM = process.env.TDO_CHROMIUM ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) {
  // CI installs it (.ci/run: apt-get install -y chromium); elsewhere say why the test does not run.
  console.warn(`view.system.test: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium, or set TDO_CHROMIUM)`);
}

describe.skipIf(!available)('tdo view in a browser', () => {
  /** the viewer's store, read-only as `tdo view` opens it */
  let store: TraceStore;
  let runId: string;
  let server: ViewServer;
  let context: BrowserContext;

  beforeAll(async () => {
    const made = await viewStore(1);
    made.store.close();
    runId = made.runId;
    store = openTraceStore(made.store.path, { readOnly: true });
    server = await startViewServer(store, 0, { pollMs: 50 });
    context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tdo-chromium-')), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await server?.close();
    store?.close();
  });

  it('goes from the runs page into a run and an episode, filters in the URL, and runs no script a description holds', { timeout: 60_000 }, async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(server.url);
    await expect(page.locator('table.runs tbody tr').count()).resolves.toBe(1);
    await expect(page.locator('span.sim').first().innerText()).resolves.toBe('simulation');

    await page.click(`a[href="/runs/${runId}"]`);
    await page.waitForURL(`**/runs/${runId}`);
    await expect(page.locator('table.episodes tbody tr').count()).resolves.toBe(3);
    // docs/view.png is this page: `TDO_VIEW_SCREENSHOT=docs/view.png npx vitest run test/view/view.system.test.ts`
    if (process.env.TDO_VIEW_SCREENSHOT) await page.screenshot({ path: process.env.TDO_VIEW_SCREENSHOT, fullPage: true });

    await page.check('input[name="failed"]');
    await page.click('form.filters button[type="submit"]');
    await page.waitForURL(/failed=1/);
    await expect(page.locator('table.episodes tbody tr').count()).resolves.toBe(1);
    await expect(page.locator('table.episodes tbody').innerText()).resolves.toContain('mislabelled');

    await page.click('table.episodes a');
    await page.waitForURL('**/episodes/*');
    await expect(page.locator('ol.catalogue').innerText()).resolves.toContain(HOSTILE);
    await expect(page.locator('ol.catalogue script').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (globalThis as { pwned?: boolean }).pwned)).resolves.toBeUndefined();
    await expect(page.locator('pre.decision').first().innerText()).resolves.toContain('labelled char_count: rank 2 of 2');

    expect(requests.filter((url) => !url.startsWith(server.url))).toEqual([]);
  });

  it('updates the page of a running run by itself as the run writes', { timeout: 60_000 }, async () => {
    const writer = openTraceStore(store.path);
    try {
      const running = handRun(writer);
      const page = await context.newPage();
      await page.goto(`${server.url}runs/${running}`);
      await expect(page.locator('p.empty').innerText()).resolves.toBe('no episode matches');
      const episode = startHandEpisode(writer, running, 'written-later');
      writer.finishEpisode(episode, ANSWERED);
      await page.locator('table.episodes a', { hasText: 'written-later' }).waitFor({ timeout: 10_000 });
      expect(page.url()).toBe(`${server.url}runs/${running}`);
    } finally {
      writer.close();
    }
  });

  describe('over the store of searches and an experiment', () => {
    let madeStore: TraceStore;
    let madeServer: ViewServer;

    beforeAll(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tdo-view-made-'));
      const db = join(dir, 'tdo.db');
      const lab = ['--suite', 'lab', '--db', db];
      // one after the other: each writes the one store
      for (const target of ['selection', 'success']) {
        const search = await tdo(['optimize', ...lab, '--server', 'lab', '--target', target, '--budget', '150']);
        expect(search.code, search.stderr).toBe(0);
      }
      const writer = openTraceStore(db);
      const seed = writer.listVersions('lab')[0]!;
      writer.close();
      // the seed's descriptions moved one tool along: an experiment in which some tasks regress and some are fixed
      const tools = Object.keys(seed.descriptions);
      writeFileSync(join(dir, 'moved.json'), JSON.stringify(Object.fromEntries(tools.map((t, i) => [t, seed.descriptions[tools[(i + 1) % tools.length]!]]))));
      const imported = await tdo(['import', join(dir, 'moved.json'), '--server', 'lab', '--db', db, '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      const moved = (JSON.parse(imported.stdout) as { id: string }).id;
      const experiment = await tdo(['experiment', ...lab, '--version', `${seed.id},${moved}`, '--repeat', '2', '--out', join(dir, 'report')]);
      expect([0, 1], experiment.stderr).toContain(experiment.code);
      madeStore = openTraceStore(db, { readOnly: true });
      madeServer = await startViewServer(madeStore, 0);
    }, 180_000);
    afterAll(async () => {
      await madeServer?.close();
      madeStore?.close();
    });

    /** Follows the first link `selector` matches and waits for the page it leads to. */
    async function follow(page: Page, selector: string): Promise<void> {
      const link = page.locator(selector).first();
      const href = (await link.getAttribute('href'))!;
      await Promise.all([page.waitForURL((url) => `${url.pathname}${url.search}` === href), link.click()]);
    }

    it(
      'reaches every page by its links: experiment, trajectory, search and diff, contractor, versions, compare, blame, tools',
      { timeout: 120_000 },
      async () => {
        const page = await context.newPage();
        const failures: string[] = [];
        page.on('response', (r) => (r.status() >= 400 ? failures.push(`${r.status()} ${r.url()}`) : undefined));
        page.on('pageerror', (e) => failures.push(e.message));
        const requests: string[] = [];
        page.on('request', (r) => requests.push(r.url()));
        await page.goto(madeServer.url);
        await expect(page.locator('table.runs tbody tr').count()).resolves.toBeGreaterThan(3);

        await follow(page, 'header a[href="/experiments"]');
        await follow(page, 'table.experiments a');
        await expect(page.locator('p.verdict').innerText()).resolves.toMatch(/regression/i);
        const experiment = page.url();
        // a task whose success changed, to its trajectory in the second version's run
        await follow(page, 'table.task-changes td:nth-child(5) a');
        await expect(page.locator('ol.catalogue').count()).resolves.toBeGreaterThan(0);
        await page.goto(experiment);
        await follow(page, 'section.runs a[href^="/runs/"]');
        await follow(page, 'nav.tabs a:text("tools")');
        await expect(page.locator('table.confusion').count()).resolves.toBe(1);

        await follow(page, 'header a[href="/"]');
        await follow(page, 'table.runs tr:has(td:text-is("search")) a');
        await follow(page, 'a:text("the overconfident contractor")');
        await expect(page.locator('table.contractor tbody tr').count()).resolves.toBe(3);
        await follow(page, 'main a[href^="/searches/"]');
        await follow(page, 'a.node[href*="candidate=1"]');
        await expect(page.locator('section.selected h3', { hasText: 'Against its parent' }).count()).resolves.toBe(1);
        await expect(page.locator('section.selected ins, section.selected del').count()).resolves.toBeGreaterThan(0);

        await follow(page, 'header a[href="/versions"]');
        await follow(page, 'a:text("diff with parent")');
        await expect(page.locator('table.side-by-side').count()).resolves.toBe(1);
        await expect(page.locator('table.tool-choices').count()).resolves.toBe(1);
        await follow(page, 'header a[href="/versions"]');
        await follow(page, 'a:text("blame")');
        await expect(page.locator('h1').innerText()).resolves.toMatch(/^Blame of/);

        expect(failures).toEqual([]);
        expect(requests.filter((url) => !url.startsWith(madeServer.url))).toEqual([]);
      },
    );

    it('refuses a request whose Host is not a loopback name (DNS rebinding)', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const url = new URL(madeServer.url);
        request({ host: url.hostname, port: url.port, path: '/', headers: { host: 'tdo.example.com' } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on('error', reject)
          .end();
      });
      expect(status).toBe(403);
    });
  });
});
