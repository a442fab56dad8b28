// tdo versions / import / apply / diff / lint as a user runs them (real processes, no servers needed).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../../support/cli.ts';
import { REPO_ROOT } from '../../support/lab-runs.ts';

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
    const seed = JSON.parse((await tdo(['import', fixture('labplus-inflated-descriptions.json'), '--server', 'labplus', '--db', db, '--json'])).stdout) as { id: string };
    const edit = JSON.parse((await tdo(['import', fixture('labplus-accurate-descriptions.json'), '--server', 'labplus', '--db', db, '--json'])).stdout) as { id: string; parent: { id: string } };
    expect(edit.parent.id).toBe(seed.id);

    const listing = JSON.parse((await tdo(['versions', '--db', db, '--json'])).stdout) as Array<{ id: string; depth: number; parents: string[] }>;
    expect(listing.map((v) => [v.id, v.depth])).toEqual([[seed.id, 0], [edit.id, 1]]);

    const out = join(dir, 'labplus.json');
    const applied = await tdo(['apply', edit.id.slice(0, 12), '--out', out, '--db', db]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(JSON.parse(readFileSync(fixture('labplus-accurate-descriptions.json'), 'utf8')));

    const diff = await tdo(['diff', seed.id, edit.id, '--db', db, '--format', 'json']);
    const parsed = JSON.parse(diff.stdout) as { tools: Array<{ tool: string; lintDisappeared: Array<{ phrase: string | null }> }> };
    expect(parsed.tools[0]!.lintDisappeared.map((f) => f.phrase)).toContain('Always use');
    const text = await tdo(['diff', seed.id, edit.id, '--db', db]);
    expect(text.stdout).not.toMatch(/\u001b\[/);
    expect(text.stdout).toContain('[-The smartest tool');

    const missing = await tdo(['apply', 'labplus-nope', '--db', db]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/unknown description version/);
  });
});
