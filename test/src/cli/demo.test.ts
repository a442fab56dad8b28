import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../../support/cli.ts';

interface RoleFigures {
  version_id: string;
  success_rate: number;
  selection_rate: number;
  tokens: number;
}

describe('tdo demo overconfident', () => {
  it('measures, in one run, that optimizing for selection makes the seller chosen more and succeed less than optimizing for success', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-demo-'));
    const result = await tdo(['demo', 'overconfident', '--json', '--db', join(dir, 'tdo.db'), '--out', join(dir, 'report')]);
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout) as Record<string, unknown> & { seed: RoleFigures; selection_best: RoleFigures; success_best: RoleFigures; simulated: boolean; report_html: string };
    expect(out).toMatchObject({ server: 'mega-depot', agent: 'sim', simulated: true });
    // the claim, from this run's own measurements
    expect(out.selection_best.selection_rate).toBeGreaterThan(out.seed.selection_rate);
    expect(out.selection_best.success_rate).toBeLessThan(out.success_best.success_rate);
    // both winners are versions the two searches saved, not the seed relabelled
    expect(new Set([out.seed.version_id, out.selection_best.version_id, out.success_best.version_id]).size).toBe(3);
    expect(readFileSync(out.report_html, 'utf8')).toContain(out.selection_best.version_id);
  });

  it('refuses an unknown demo', async () => {
    const result = await tdo(['demo', 'nonesuch']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown demo "nonesuch"/);
  });
});
