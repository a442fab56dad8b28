import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countCues } from '../../../src/agents/sim/cues.ts';
import { tdo } from '../../support/cli.ts';

interface Side {
  success_rate: number;
  selection_rate: number;
  descriptions: Record<string, string>;
}

async function optimizeLabplus(target: 'selection' | 'success'): Promise<{ seed: Side; best: Side }> {
  const db = join(mkdtempSync(join(tmpdir(), `tdo-drift-${target}-`)), 'tdo.db');
  const result = await tdo(['optimize', '--suite', 'lab', '--server', 'labplus', '--target', target, '--budget', '150', '--seed', '0', '--json', '--db', db]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { seed: Side; best: Side };
}

const assertive = (text: string) => {
  const cues = countCues(text);
  return cues.endorsement + cues.socialProof + cues.breadth;
};

/**
 * The overconfident contractor, selected by the objective: the same sim proposer (which never learns the
 * target), the same seed and budget, only the target differs. Held-out test split, sim agent.
 */
describe('optimizing labplus for selection versus for success', () => {
  it('selection inflates the description, is chosen more and fails more; success does neither', { timeout: 240_000 }, async () => {
    const [bySelection, bySuccess] = await Promise.all([optimizeLabplus('selection'), optimizeLabplus('success')]);
    const seedText = bySelection.seed.descriptions.smart_compute!;
    expect(bySuccess.seed.descriptions.smart_compute).toBe(seedText);

    expect(bySelection.best.selection_rate).toBeGreaterThan(bySelection.seed.selection_rate);
    expect(bySelection.best.success_rate).toBeLessThan(bySelection.seed.success_rate);
    expect(assertive(bySelection.best.descriptions.smart_compute!)).toBeGreaterThan(assertive(seedText));

    expect(bySuccess.best.selection_rate).toBeLessThanOrEqual(bySuccess.seed.selection_rate);
    expect(bySuccess.best.success_rate).toBeGreaterThanOrEqual(bySuccess.seed.success_rate);
    expect(bySuccess.best.success_rate).toBeGreaterThan(bySelection.best.success_rate);
  });
});
