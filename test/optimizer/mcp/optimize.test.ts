import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { tdo } from '../../support/cli.ts';

it('optimizes a seller of the market suite, whose servers accept only bearer tokens, as `tdo run` would run it', { timeout: 120_000 }, async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'tdo-opt-market-')), 'traces.db');
  const result = await tdo(['optimize', '--suite', 'market', '--server', 'mega-depot', '--target', 'selection', '--budget', '18', '--seed', '1', '--json', '--db', db], { TDO_AUTH_SECRET: undefined });
  expect(result.code, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout) as { target: string; budget_used: number; seed: { val: { success_rate: number; selection_rate: number } } };
  expect(report).toMatchObject({ target: 'selection', budget_used: 18 });

  // Every episode got its own buyer token: none was refused a connection, and deals were closed.
  const sqlite = new Database(db, { readonly: true });
  try {
    const episodes = sqlite.prepare('SELECT status, feedback FROM episodes').all() as Array<{ status: string; feedback: string | null }>;
    expect(episodes.length).toBeGreaterThanOrEqual(18);
    expect(episodes.filter((e) => e.status !== 'completed' || /could not connect|401|unauthori[sz]ed/i.test(e.feedback ?? ''))).toEqual([]);
  } finally {
    sqlite.close();
  }
  expect(report.seed.val.success_rate).toBeGreaterThan(0);
  expect(report.seed.val.selection_rate).toBeGreaterThan(0);
});
