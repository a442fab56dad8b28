// tdo versions / import / apply / diff / lint as a user runs them (real processes, no servers needed).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

const fixture = (name: string) => join(REPO_ROOT, 'test/fixtures', name);

describe('review commands', () => {
  it('lint exits 1 on problems, 0 on suggestions only, with JSON flags naming the phrase', async () => {
    const bad = await tdo(['lint', fixture('labplus-inflated-descriptions.json'), '--json']);
    expect(bad.code).toBe(1);
    const report = JSON.parse(bad.stdout) as { problems: number; flags: Array<{ rule: string; phrase: string | null }> };
    expect(report.flags).toContainEqual(expect.objectContaining({ rule: 'inflated-claim', phrase: 'Always use' }));
    const good = await tdo(['lint', fixture('labplus-accurate-descriptions.json')]);
    expect(good.code, good.stdout).toBe(0);
  });

  it('import, versions (lineage), apply --out and diff work together', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-review-cli-'));
    const db = join(dir, 'tdo.db');
    const seed = JSON.parse(
      (await tdo(['import', fixture('labplus-inflated-descriptions.json'), '--server', 'labplus', '--new-server', '--db', db, '--json'])).stdout,
    ) as { id: string };
    const edit = JSON.parse((await tdo(['import', fixture('labplus-accurate-descriptions.json'), '--server', 'labplus', '--db', db, '--json'])).stdout) as {
      id: string;
      parent: { id: string };
    };
    expect(edit.parent.id).toBe(seed.id);

    const listing = JSON.parse((await tdo(['versions', '--db', db, '--json'])).stdout) as Array<{ id: string; depth: number; parents: string[] }>;
    expect(listing.map((v) => [v.id, v.depth])).toEqual([
      [seed.id, 0],
      [edit.id, 1],
    ]);

    const out = join(dir, 'labplus.json');
    const applied = await tdo(['apply', edit.id.slice(0, 12), '--out', out, '--db', db]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(JSON.parse(readFileSync(fixture('labplus-accurate-descriptions.json'), 'utf8')));

    const diff = await tdo(['diff', seed.id, edit.id, '--db', db, '--format', 'json']);
    const parsed = JSON.parse(diff.stdout) as { tools: Array<{ tool: string; lint_disappeared: Array<{ phrase: string | null }> }> };
    expect(parsed.tools[0]!.lint_disappeared.map((f) => f.phrase)).toContain('Always use');
    const text = await tdo(['diff', seed.id, edit.id, '--db', db]);
    expect(text.stdout).not.toMatch(/\u001b\[/);
    expect(text.stdout).toContain('[-The smartest tool');

    const missing = await tdo(['apply', 'labplus-nope', '--db', db]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/unknown description version/);
  });

  it("lint VERSION compares it with its parent and its server's recorded results; diff names the dropped limit", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-review-lint-'));
    const db = join(dir, 'tdo.db');
    const run = await tdo(['run', '--suite', 'lab', '--split', 'val', '--db', db, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const seedId = (JSON.parse(run.stdout) as { version_ids: Record<string, string> }).version_ids['lab']!;
    // a line read_file returned in that run, copied into a description
    const sqlite = new Database(db, { readonly: true });
    const output = (sqlite.prepare("SELECT result_text AS text FROM steps WHERE tool = 'read_file' AND is_error = 0 LIMIT 1").get() as { text: string }).text;
    sqlite.close();
    const copied = output.split('\n').find((line) => line.split(/\s+/).length >= 6 && line.length >= 30) ?? output.replace(/\s+/g, ' ').slice(0, 60);
    const seed = JSON.parse(readFileSync(join(REPO_ROOT, 'servers/lab/descriptions.json'), 'utf8')) as Record<string, string>;
    const child = {
      ...seed,
      calculator: "Evaluate an arithmetic expression such as '3 * (4 + 5)'.",
      read_file: `${seed.read_file} It returns text like: ${copied}`,
    };
    const file = join(dir, 'child.json');
    writeFileSync(file, JSON.stringify(child));
    const imported = JSON.parse((await tdo(['import', file, '--server', 'lab', '--parent', seedId, '--db', db, '--json'])).stdout) as { id: string };

    const lint = await tdo(['lint', imported.id, '--db', db, '--json']);
    expect(lint.code).toBe(1);
    const report = JSON.parse(lint.stdout) as { parents: string[]; tool_results: number; flags: Array<{ tool: string; rule: string; phrase: string | null }> };
    expect(report.parents).toEqual([seedId]);
    expect(report.tool_results).toBeGreaterThan(0);
    expect(report.flags).toContainEqual(expect.objectContaining({ tool: 'calculator', rule: 'removed-limit', phrase: 'Numbers and + - * / ** only.' }));
    expect(report.flags.some((f) => f.tool === 'read_file' && f.rule === 'copied-result')).toBe(true);
    expect((await tdo(['lint', imported.id, '--db', db])).stdout).toContain(
      `compared with parent ${seedId} and ${report.tool_results} recorded tool result${report.tool_results === 1 ? '' : 's'}`,
    );
    // a file is linted on its own: no parent, no results
    const alone = JSON.parse((await tdo(['lint', file, '--json'])).stdout) as typeof report;
    expect(alone.flags.filter((f) => f.rule === 'removed-limit' || f.rule === 'copied-result')).toEqual([]);

    const diff = await tdo(['diff', seedId, imported.id, '--db', db]);
    expect(diff.stdout).toContain('+ lint removed-limit (warning) "Numbers and + - * / ** only."');
    expect(diff.stdout).toMatch(/lint \+\d+ \(.*\) gained, −\d+/);
  });
});
