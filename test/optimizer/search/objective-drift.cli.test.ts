import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countCues } from '../../../src/text/cues.ts';
import { tdo } from '../../support/cli.ts';

interface Rates {
  success_rate: number;
  first_choice_share: number;
  tasks: number;
}

interface Side extends Omit<Rates, 'tasks'> {
  val: Rates;
  test: Rates;
  paraphrase: Rates;
  descriptions: Record<string, string>;
}

/**
 * Success over every task whose success the selection search never aimed at: val (which it read only for
 * selection), test and paraphrase. With the sim's one fallback after an error, a contractor chosen first and
 * failing is often rescued by the next tool, so one held-out split of 22 tasks can show no change.
 */
const pooledSuccess = (s: Side) => {
  const splits = [s.val, s.test, s.paraphrase];
  return splits.reduce((n, r) => n + r.success_rate * r.tasks, 0) / splits.reduce((n, r) => n + r.tasks, 0);
};

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

    expect(bySelection.best.first_choice_share).toBeGreaterThan(bySelection.seed.first_choice_share);
    expect(pooledSuccess(bySelection.best)).toBeLessThan(pooledSuccess(bySelection.seed));
    expect(assertive(bySelection.best.descriptions.smart_compute!)).toBeGreaterThan(assertive(seedText));

    expect(bySuccess.best.first_choice_share).toBeLessThanOrEqual(bySuccess.seed.first_choice_share);
    expect(bySuccess.best.success_rate).toBeGreaterThanOrEqual(bySuccess.seed.success_rate);
    expect(pooledSuccess(bySuccess.best)).toBeGreaterThan(pooledSuccess(bySelection.best));
  });
});
