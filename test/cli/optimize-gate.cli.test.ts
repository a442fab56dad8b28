// `tdo optimize` states whether the honesty gate was on and how many descriptions it refused, in JSON and in
// the summary; --allow-flags and --gate switch it. Small budgets: the seed's validation and a few iterations.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-optimize-gate-'));

/** The lab suite cut to 9 train, 6 val and 3 test tasks, so each search and its report take seconds. */
function smallLab(): string {
  const suite = parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/suites/lab.yaml'), 'utf8')) as { tasks: Array<{ split: string }> };
  const first = (split: string, n: number) => suite.tasks.filter((t) => t.split === split).slice(0, n);
  const path = join(dir, 'small-lab.json');
  writeFileSync(path, JSON.stringify({ ...suite, tasks: [...first('train', 9), ...first('val', 6), ...first('test', 3)] }));
  return path;
}
const SUITE = smallLab();
const BUDGET = '36';

interface GateJson {
  run_id: string;
  honesty_gate: boolean;
  gate_rejected: number;
  gate_rejected_by_rule: Record<string, number>;
}

async function optimize(name: string, args: string[]): Promise<GateJson> {
  const db = join(dir, `${name}.db`);
  const result = await tdo(['optimize', '--suite', SUITE, '--server', 'lab', '--budget', BUDGET, '--json', '--db', db, ...args]);
  expect(result.code, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout) as GateJson;
  const sqlite = new Database(db, { readonly: true });
  try {
    // what the report counts is what the proposals table records
    // (each refused description reads "<tool> lint: <rule>", in a rejection or in what a child held back)
    const rows = sqlite.prepare('SELECT reason FROM optimizer_proposals').all() as Array<{ reason: string | null }>;
    expect(rows.reduce((n, r) => n + (r.reason?.match(/ lint: [\w-]+/g)?.length ?? 0), 0)).toBe(report.gate_rejected);
  } finally {
    sqlite.close();
  }
  return report;
}

describe('tdo optimize and the honesty gate', () => {
  it('is on under --target success, counting refusals by rule; --allow-flags turns it off', { timeout: 120_000 }, async () => {
    const on = await optimize('success', []);
    expect(on.honesty_gate).toBe(true);
    expect(Object.values(on.gate_rejected_by_rule).reduce((n, k) => n + k, 0)).toBe(on.gate_rejected);
    const off = await optimize('allow-flags', ['--allow-flags']);
    expect(off).toMatchObject({ honesty_gate: false, gate_rejected: 0, gate_rejected_by_rule: {} });
  });

  it('is off under --target selection unless --gate', { timeout: 120_000 }, async () => {
    expect((await optimize('selection', ['--target', 'selection'])).honesty_gate).toBe(false);
    expect((await optimize('selection-gate', ['--target', 'selection', '--gate'])).honesty_gate).toBe(true);
  });

  it('says so in the summary', { timeout: 120_000 }, async () => {
    const on = await tdo(['optimize', '--suite', SUITE, '--server', 'lab', '--budget', BUDGET, '--db', join(dir, 'human.db')]);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toMatch(
      /^honesty gate on \(--allow-flags turns it off\): (\d+ proposed descriptions? refused before being run for gaining a lint warning or error, the parent's text kept|no proposed description gained a lint warning or error$)/m,
    );
    const off = await tdo(['optimize', '--suite', SUITE, '--server', 'lab', '--target', 'selection', '--budget', BUDGET, '--db', join(dir, 'human-off.db')]);
    expect(off.stdout).toMatch(/^honesty gate off \(default under --target selection; --gate turns it on\)/m);
  });

  it('refuses --gate with --allow-flags, and both on --resume', async () => {
    const both = await tdo(['optimize', '--suite', SUITE, '--server', 'lab', '--gate', '--allow-flags', '--db', join(dir, 'bad.db')]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--gate turns the honesty gate on and --allow-flags turns it off: give one of them');
    const resume = await tdo(['optimize', '--resume', 'r-12345678', '--allow-flags', '--db', join(dir, 'bad.db')]);
    expect(resume.code).toBe(2);
    expect(resume.stderr).toMatch(/--resume reuses the run's own settings; drop --allow-flags/);
  });
});
