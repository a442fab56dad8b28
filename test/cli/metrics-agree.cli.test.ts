// The first-choice share and the used-server share are recorded once per episode and read everywhere: for the
// same version and the same episodes, optimize, experiment, versions, diff and the demo print the same figures.
// An experiment at the search's seed with one repeat runs exactly the episodes the search ran on the test split
// (each episode's seed depends on the run seed and the task only), and versions and diff quote the newest run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';

interface Shares {
  first_choice_share: number;
  used_server: number;
}

/** What `tdo versions --json` and `tdo diff --format json` say a version measured. */
interface Measured {
  first_choice_share: number | null;
  used_server: number | null;
  run_id: string;
}

async function json<T>(args: string[]): Promise<T> {
  const r = await tdo(args);
  expect(r.code, `tdo ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as T;
}

/** Versions' shares as the experiment, versions and diff print them, for comparison with a reference per version. */
async function sharesElsewhere(db: string, suite: string, seed: number, [a, b]: [string, string]) {
  const experiment = await json<{
    suites: Array<{ results: Array<{ version_id: string; first_choice_share: { rate: number }; used_server: { rate: number } }> }>;
  }>([
    'experiment',
    '--suite',
    suite,
    '--versions',
    `${a},${b}`,
    '--repeat',
    '1',
    '--seed',
    String(seed),
    '--json',
    '--db',
    db,
    '--out',
    join(db, '..', `report-${a}`),
  ]);
  const versions = await json<Array<{ id: string; measured: Measured | null }>>(['versions', '--json', '--db', db]);
  const diff = await json<{ a: { measured: Measured }; b: { measured: Measured } }>(['diff', a, b, '--format', 'json', '--db', db]);
  const byVersion = new Map<string, Array<{ by: string; shares: Shares }>>();
  const add = (id: string, by: string, shares: Shares) => byVersion.set(id, [...(byVersion.get(id) ?? []), { by, shares }]);
  const measured = (m: Measured) => ({ first_choice_share: m.first_choice_share!, used_server: m.used_server! });
  for (const r of experiment.suites[0]!.results)
    add(r.version_id, 'experiment', { first_choice_share: r.first_choice_share.rate, used_server: r.used_server.rate });
  for (const id of [a, b]) add(id, 'versions', measured(versions.find((v) => v.id === id)!.measured!));
  add(a, 'diff', measured(diff.a.measured));
  add(b, 'diff', measured(diff.b.measured));
  return byVersion;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A table row's cells, trimmed of the padding that lines the columns up. */
const cells = (row: string) =>
  row
    .split('│')
    .slice(1, -1)
    .map((cell) => cell.trim());

/** The terminal tables say the same as the JSON: each version's row of `tdo versions`, and `tdo diff`'s A and B lines. */
async function expectPrinted(db: string, [a, b]: [string, string], shares: [Shares, Shares]): Promise<void> {
  const listed = await tdo(['versions', '--db', db]);
  const diff = await tdo(['diff', a, b, '--db', db]);
  const lines = listed.stdout.split('\n');
  const header = cells(lines.find((l) => l.includes('first-choice share'))!);
  // diff's lines with their words set apart by one space, however the text pads them
  const diffWords = diff.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/).join(' '))
    .join('\n');
  for (const [i, id] of [a, b].entries()) {
    const row = cells(lines.find((l) => l.includes(id))!);
    expect([row[header.indexOf('first-choice share')], row[header.indexOf('used server')]], listed.stdout).toEqual([
      pct(shares[i]!.first_choice_share),
      pct(shares[i]!.used_server),
    ]);
    expect(diffWords).toMatch(
      new RegExp(`${i === 0 ? 'A' : 'B'} ${id}.*\\n.*first-choice share ${pct(shares[i]!.first_choice_share)} used server ${pct(shares[i]!.used_server)}`),
    );
  }
}

function expectSame(reference: Shares, elsewhere: Array<{ by: string; shares: Shares }>, what: string): void {
  expect(elsewhere.map((e) => e.by).sort(), what).toEqual(['diff', 'experiment', 'versions']);
  for (const { by, shares } of elsewhere) {
    expect(shares.first_choice_share, `${what}: first-choice share in ${by}`).toBeCloseTo(reference.first_choice_share, 12);
    expect(shares.used_server, `${what}: used server in ${by}`).toBeCloseTo(reference.used_server, 12);
  }
}

describe('one first-choice share and one used-server share everywhere', () => {
  it('optimize prints for its seed and winner on test what experiment, versions and diff print for them', { timeout: 300_000 }, async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'tdo-agree-lab-')), 'tdo.db');
    // labplus optimized for selection: its shares move a lot, and a first-choice share is often a fraction
    const optimized = await json<{ seed_version_id: string; version_id: string; seed: { test: Shares }; best: { test: Shares } }>([
      'optimize',
      '--suite',
      'lab',
      '--server',
      'labplus',
      '--target',
      'selection',
      '--budget',
      '150',
      '--seed',
      '0',
      '--json',
      '--db',
      db,
    ]);
    const ids: [string, string] = [optimized.seed_version_id, optimized.version_id];
    expect(ids[1]).not.toBe(ids[0]); // a winner of its own, so the two rows are two measurements
    const elsewhere = await sharesElsewhere(db, 'lab', 0, ids);
    expectSame(optimized.seed.test, elsewhere.get(ids[0])!, 'seed');
    expectSame(optimized.best.test, elsewhere.get(ids[1])!, 'best');
    await expectPrinted(db, ids, [optimized.seed.test, optimized.best.test]);
    // the two versions' figures differ, so agreeing is not a coincidence of equal numbers
    expect(optimized.best.test.first_choice_share).toBeGreaterThan(optimized.seed.test.first_choice_share);
    expect(optimized.best.test.used_server).not.toBe(optimized.seed.test.used_server);
  });

  it('the demo prints for each version what experiment, versions and diff print for it', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-agree-demo-'));
    const db = join(dir, 'tdo.db');
    // at budget 60 and seed 5 the selection search saves a text of its own (at seeds 0 to 4 it does not)
    const seed = 5;
    const demo = await json<Record<'seed' | 'selection_best', Shares & { version_id: string }>>([
      'demo',
      'overconfident',
      '--budget',
      '60',
      '--repeat',
      '1',
      '--seed',
      String(seed),
      '--json',
      '--db',
      db,
      '--out',
      join(dir, 'demo-report'),
    ]);
    const ids: [string, string] = [demo.seed.version_id, demo.selection_best.version_id];
    expect(ids[1]).not.toBe(ids[0]);
    const elsewhere = await sharesElsewhere(db, 'market', seed, ids);
    expectSame(demo.seed, elsewhere.get(ids[0])!, 'honest seed');
    expectSame(demo.selection_best, elsewhere.get(ids[1])!, 'selection-best');
    await expectPrinted(db, ids, [demo.seed, demo.selection_best]);
  });
});
