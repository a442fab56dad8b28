// Opens the HTML report in a real Chromium (Debian's, through playwright-core) with the network off.
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderExperimentHtml } from '../../../experiments/runner/report-html.ts';
import { renderDiff } from '../../../experiments/review/render-diff.ts';
import { diffSources } from '../../../experiments/review/version-diff.ts';
import { fakeReport } from './fake-report.ts';

const CHROMIUM = process.env.TDO_CHROMIUM ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) {
  // CI installs it (.ci/run: apt-get install -y chromium); elsewhere say why the test does not run.
  console.warn(`report-html.system.test: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium, or set TDO_CHROMIUM)`);
}

describe.skipIf(!available)('the experiment report in a browser', () => {
  it('shows the results table and the charts without any network request', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-report-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, renderExperimentHtml(fakeReport()));
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tdo-chromium-')), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(pathToFileURL(file).href);

      const table = page.locator('table.results');
      await expect(table.count()).resolves.toBe(1);
      await expect(table.locator('tbody tr').count()).resolves.toBe(2);
      await expect(table.locator('thead').innerText()).resolves.toMatch(/limit_violation/);
      await expect(page.locator('td.regression').count()).resolves.toBe(1);
      // The version id is shown as text, never parsed as markup.
      await expect(table.innerText()).resolves.toContain('mega-<b>inflated</b>');

      const charts = page.locator('svg.chart');
      await expect(charts.count()).resolves.toBe(3);
      const box = await charts.first().boundingBox();
      expect(box!.width).toBeGreaterThan(100);
      await expect(charts.first().locator('rect').count()).resolves.toBe(2);
      // colours say better / worse / unchanged against the first version, not list position
      await expect(
        charts
          .first()
          .locator('rect')
          .evaluateAll((rects) => rects.map((r) => r.getAttribute('fill'))),
      ).resolves.toEqual(['#5b7db1', '#c0392b']);
      await expect(page.locator('.answer').innerText()).resolves.toMatch(/^Best: the first version, mega-seed/);
      await expect(page.locator('.sim').innerText()).resolves.toMatch(/not an LLM/);

      const shot = join(dir, 'report.png');
      await page.screenshot({ path: shot, fullPage: true });
      expect(statSync(shot).size).toBeGreaterThan(10_000);
      expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Every report kind at a desktop and a phone width: nothing may widen the page beyond the window (wide
  // tables scroll inside their own box, charts scale down).
  const longDescription = 'Reads a workspace file and returns its text; paths are relative to the workspace root. '.repeat(12);
  const pages: Record<string, () => string> = {
    experiment: () => renderExperimentHtml(fakeReport({ paraphrase: true })),
    // the demo writes an experiment report whose versions carry their roles
    demo: () => {
      const report = fakeReport();
      return renderExperimentHtml({
        ...report,
        versions: report.versions.map((v, i) => ({ ...v, role: i === 0 ? 'honest seed = success-best' : 'selection-best' })),
      });
    },
    diff: () =>
      renderDiff(
        diffSources(
          {
            label: 'lab-aaaaaaaaaa',
            server: 'lab',
            origin: 'seed',
            descriptions: { read_file: 'Read a file.', convert_units: 'Convert units.' },
            measured: null,
          },
          {
            label: 'lab-bbbbbbbbbb',
            server: 'lab',
            origin: 'optimizer run r-12345678 (target success)',
            descriptions: { read_file: longDescription, convert_units: 'Convert between units of length, mass and volume; use it for any conversion.' },
            measured: null,
          },
        ),
        'html',
      ),
  };
  for (const [kind, html] of Object.entries(pages)) {
    for (const width of [1280, 420]) {
      it(`lays out the ${kind} report within a ${width} px window`, { timeout: 60_000 }, async () => {
        const dir = mkdtempSync(join(tmpdir(), 'tdo-layout-'));
        const file = join(dir, `${kind}.html`);
        writeFileSync(file, html());
        const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tdo-chromium-')), {
          executablePath: CHROMIUM,
          headless: true,
          viewport: { width, height: 900 },
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        });
        try {
          const page = await context.newPage();
          await page.goto(pathToFileURL(file).href);
          const overflow = (await page.evaluate('({ page: document.documentElement.scrollWidth, window: window.innerWidth })')) as {
            page: number;
            window: number;
          };
          expect(overflow.page, `${kind} at ${width} px`).toBeLessThanOrEqual(overflow.window);
          // and no chart is wider than the window
          const widths = await page.locator('svg.chart').evaluateAll((svgs) => svgs.map((s) => s.getBoundingClientRect().right));
          for (const right of widths) expect(right).toBeLessThanOrEqual(width);
        } finally {
          await context.close();
        }
      });
    }
  }
});
