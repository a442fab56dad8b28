// `tdo view` in a real Chromium (Debian's, through playwright-core), over a store made by a real run: from the runs
// page into a run and an episode, a filter that changes the URL, a description's <script> shown as text and never
// run, a running run's page updating by itself, and no request to anywhere but the viewer.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTraceStore, type TraceStore } from '../../traces/index.ts';
import { startViewServer, type ViewServer } from '../../view/server.ts';
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
});
