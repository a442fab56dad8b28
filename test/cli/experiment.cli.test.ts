// `tdo experiment` as a user runs it: real server processes, the sim agent, exit codes 0 / 1 / 2.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTraceStore, runSettings } from '../../traces/index.ts';
import { tdo, tdoEach } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-experiment-cli-'));
const db = join(dir, 'tdo.db');
const suite = join(dir, 'lab-mini.json');
let seedId = '';
let accurateId = '';

beforeAll(async () => {
  // Three test tasks of the lab suite: two the seed descriptions fail with the sim agent, one both pass;
  // and two paraphrase tasks: one the seed descriptions fail, one both pass.
  const lab = parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/suites/lab.yaml'), 'utf8')) as { tasks: Array<{ id: string }> };
  const ids = ['miles-flown-km', 'garden-bed-area', 'box-a-volume', 'suitcase-pounds', 'mugs-per-shelf'];
  writeFileSync(suite, JSON.stringify({ ...lab, name: 'lab-mini', tasks: lab.tasks.filter((t) => ids.includes(t.id)) }));
  const seed = await tdo(['import', join(REPO_ROOT, 'servers/lab/descriptions.json'), '--server', 'lab', '--new-server', '--db', db, '--json']);
  const accurate = await tdo(['import', join(REPO_ROOT, 'test/fixtures/lab-accurate-descriptions.json'), '--server', 'lab', '--db', db, '--json']);
  expect(seed.code, seed.stderr).toBe(0);
  seedId = (JSON.parse(seed.stdout) as { id: string }).id;
  accurateId = (JSON.parse(accurate.stdout) as { id: string }).id;
}, 60_000);

describe('tdo experiment', () => {
  it('exits 0 and writes report.md/.json/.html when no version regresses, with the paraphrase split beside test', { timeout: 120_000 }, async () => {
    const out = join(dir, 'pass');
    const r = await tdo(['experiment', '--suite', suite, '--versions', `${seedId},${accurateId}`, '--db', db, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/not an LLM/);
    for (const f of ['report.md', 'report.json', 'report.html']) expect(existsSync(join(out, f))).toBe(true);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      verdict: string;
      suites: Array<{ results: Array<{ version_id: string; success: { rate: number } }>; comparisons: Array<{ better: unknown[] }> }>;
    };
    expect(report.verdict).toBe('pass');
    const [base, better] = report.suites[0]!.results;
    expect(base!.version_id).toBe(seedId);
    expect(better!.success.rate).toBeGreaterThan(base!.success.rate);
    expect(report.suites[0]!.comparisons[0]!.better.length).toBeGreaterThan(0);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('| version | origin | success [95% CI]');
    // reports are shared: the trace database and the suite outside the working directory are named by their files alone
    for (const f of ['report.md', 'report.json', 'report.html']) expect(readFileSync(join(out, f), 'utf8')).not.toContain(dir);

    // the paraphrase split beside test: success with its interval and the change against the first version
    expect(r.stdout).toContain('suite lab-mini (3 test tasks and 2 paraphrase tasks x 3)');
    expect(r.stdout).toMatch(/paraphrase \[95% CI\].*Δ paraphrase/);
    expect(r.stdout).toMatch(new RegExp(`${accurateId}: better on \\d+ tasks?, worse on \\d+; paraphrase: better on \\d+, worse on \\d+`));

    type Result = { version_id: string; run_id: string; success: { rate: number; low: number; high: number; n: number } };
    const withParaphrase = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      suites: Array<{
        tasks: number;
        results: Result[];
        paraphrase: { tasks: number; results: Result[]; comparisons: Array<{ version: string; success: { delta: number; low: number; high: number } }> };
      }>;
    };
    const [lab] = withParaphrase.suites;
    expect(lab!.tasks).toBe(3);
    expect(lab!.paraphrase.tasks).toBe(2);
    const [seed, accurate] = lab!.paraphrase.results;
    expect([seed!.version_id, accurate!.version_id]).toEqual([seedId, accurateId]);
    expect(seed!.success.n).toBe(6); // 2 tasks x the default 3 repeats
    expect(seed!.success.low).toBeLessThanOrEqual(seed!.success.rate);
    expect(seed!.run_id).not.toBe(lab!.results[0]!.run_id); // a run of its own
    expect(accurate!.success.rate).toBeGreaterThanOrEqual(seed!.success.rate);
    const [change] = lab!.paraphrase.comparisons;
    expect(change).toMatchObject({ version: accurateId, success: { delta: accurate!.success.rate - seed!.success.rate } });
    expect(change!.success.low).toBeLessThanOrEqual(change!.success.delta);

    // every run it made is recorded as an experiment run (not guessed from its split), with settings of that kind
    const store = openTraceStore(db);
    try {
      for (const result of [...lab!.results, ...lab!.paraphrase.results]) {
        const run = store.getRun(result.run_id)!;
        expect(run.kind).toBe('experiment');
        expect(runSettings(run, 'experiment')?.options.split).toBe(run.split);
      }
    } finally {
      store.close();
    }

    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain(
      '| version | origin | success [95% CI] | Δ success vs first [95% CI] | paraphrase success [95% CI] | Δ paraphrase success vs first [95% CI] |',
    );
    expect(md).toContain('3 test tasks and 2 paraphrase tasks');
    expect(md).toMatch(/not part of the verdict/);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<th>paraphrase success [95% CI]</th><th>Δ paraphrase success vs first [95% CI]</th>');
    expect(html).toContain('Paraphrase success rate (95% Wilson interval)');
  });

  it('exits 1 when a version regresses against the first, and prints the report as JSON with --json', { timeout: 120_000 }, async () => {
    const r = await tdo(['experiment', '--suite', suite, '--versions', `${accurateId},${seedId}`, '--db', db, '--out', join(dir, 'fail'), '--json']);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as { verdict: string; regressions: Array<{ version: string }>; agent: { simulated: boolean } };
    expect(report.verdict).toBe('regression');
    expect(report.regressions.map((x) => x.version)).toEqual([seedId]);
    expect(report.agent.simulated).toBe(true);
  });

  it('exits 2 on configuration errors, before running anything', { timeout: 60_000 }, async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--suite', suite, '--versions', 'lab-nope'], /unknown description version "lab-nope"/],
      [['--suite', suite, '--versions', seedId, '--condition', 'injection=on'], /no suite of lab-mini declares the condition "injection"/],
      [['--suite', suite], /needs --version A/],
      [['--versions', seedId], /needs --suite/],
      [['--suite', 'no-such-suite', '--versions', seedId], /unknown suite "no-such-suite"/],
      [['--suite', suite, '--versions', seedId, '--threshold', '2'], /expected a number from 0 to 1/],
      [['--suite', suite, '--versions', `${seedId},${seedId}`], /listed twice/],
    ];
    const results = await tdoEach(cases.map(([args]) => ({ args: ['experiment', ...args, '--db', db, '--out', join(dir, 'never')] })));
    for (const [i, [args, message]] of cases.entries()) {
      expect(results[i]!.code, `${args.join(' ')}: ${results[i]!.stderr}`).toBe(2);
      expect(results[i]!.stderr).toMatch(message);
    }
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('exits 3 when a server cannot start (an outage, not a verdict)', { timeout: 60_000 }, async () => {
    const broken = join(dir, 'broken.json');
    const mini = JSON.parse(readFileSync(suite, 'utf8')) as { servers: Array<{ name: string; args: string[] }> };
    writeFileSync(
      broken,
      JSON.stringify({
        ...mini,
        name: 'broken',
        servers: mini.servers.map((s) => (s.name === 'lab' ? { ...s, args: [...s.args, '--workspace', join(dir, 'missing-dir')] } : s)),
      }),
    );
    const r = await tdo(['experiment', '--suite', broken, '--versions', seedId, '--db', db, '--out', join(dir, 'broken-out')]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/the experiment could not run/);
  });
});
