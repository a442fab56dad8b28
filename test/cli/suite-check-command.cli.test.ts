// `tdo suite check`: the suite check on its own, with the wording overlap and each tool's balance; the servers are
// started to list the tools, as before a run, and nothing is run or written.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { TDO_BIN } from '../support/lab-runs.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-suite-check-command-'));

interface CheckJson {
  suite: string;
  server: string | null;
  suite_check: {
    tools: Array<{ name: string; labelled_steps: Record<string, number> }>;
    wording: {
      threshold: number;
      splits: Record<'train' | 'val' | 'test' | 'paraphrase', { tasks: number; mean: number | null; close: number }>;
      closest: Array<{ task: string }>;
    };
  };
  balance: { minimum: Record<string, number>; tools: Array<{ name: string; to_add: Record<string, number> }> };
}

/** A suite of the lab server where calculator has every split's fill and unit_convert one test task; read_file is never asked for. */
function imbalancedSuite(): string {
  const task = (id: string, split: string, prompt: string, tool: string) => ({
    id,
    split,
    prompt,
    plan: [{ intent: prompt, args: {}, tools: [tool] }],
    check: { kind: 'answer', expected: 1 },
  });
  const sums = Array.from({ length: 8 }, (_, i) => task(`sum-${i}`, i < 2 ? 'train' : 'test', `Evaluate ${i} + 1 as an arithmetic expression`, 'calculator'));
  const path = join(dir, 'imbalanced.json');
  writeFileSync(
    path,
    JSON.stringify({
      name: 'imbalanced',
      systemPrompt: 'Use the tools.',
      servers: [{ name: 'lab', command: process.execPath, args: [TDO_BIN, 'serve', 'lab'] }],
      target: 'lab',
      tasks: [...sums, task('miles', 'test', 'How far is 5 miles in kilometres for my run?', 'unit_convert')],
    }),
  );
  return path;
}

describe('tdo suite check', () => {
  it('prints the check of the lab suite, its wording overlap and a balance with nothing to add', { timeout: 60_000 }, async () => {
    const result = await tdo(['suite', 'check', '--suite', 'lab']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'suite check (before any episode is run):\n  Labelled plan steps per tool of lab (train/val/test/paraphrase): calculator 13/13/13/14,',
    );
    expect(result.stdout).toMatch(
      / {2}Wording: the share of a request's content words \(stemmed\) that its labelled tools' descriptions hold, on average: train \d+\.\d%/,
    );
    expect(result.stdout).toContain("balance of lab's tools (labelled steps per split):");
    expect(result.stdout).toContain('Every tool of lab the suite asks for has enough in train, test and paraphrase.');
  });

  it('says how many tasks to add where for a tool with too few, in text and in --json', { timeout: 60_000 }, async () => {
    const path = imbalancedSuite();
    const text = await tdo(['suite', 'check', '--suite', path]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('read_file has no labelled step: the suite never asks for it.');
    expect(text.stdout).toContain('  Add 2 train tasks and 5 test tasks for unit_convert.\n');
    expect(text.stdout).toContain('That is 7 tasks in all');
    expect(text.stdout).not.toMatch(/Add .*calculator/);

    const json = await tdo(['suite', 'check', '--suite', path, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const parsed = JSON.parse(json.stdout) as CheckJson;
    expect(parsed).toMatchObject({ suite: 'imbalanced', server: 'lab' });
    // no paraphrase task, so no minimum there
    expect(parsed.balance.minimum).toEqual({ train: 2, test: 6 });
    expect(parsed.balance.tools.map((t) => [t.name, t.to_add])).toEqual([
      ['calculator', { train: 0, test: 0 }],
      ['unit_convert', { train: 2, test: 5 }],
    ]);
    expect(parsed.suite_check.wording.splits.train).toMatchObject({ tasks: 2 });
    expect(parsed.suite_check.wording.splits.test).toMatchObject({ tasks: 7 });
  });

  it('measures the wording against the version given, as a run with it would serve', { timeout: 60_000 }, async () => {
    const db = join(dir, 'versions.db');
    const imported = await tdo([
      'import',
      join(import.meta.dirname, '../fixtures/lab-accurate-descriptions.json'),
      '--server',
      'lab',
      '--new-server',
      '--db',
      db,
      '--json',
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const version = (JSON.parse(imported.stdout) as { id: string }).id;
    const [own, accurate] = await Promise.all([
      tdo(['suite', 'check', '--suite', 'lab', '--json']),
      tdo(['suite', 'check', '--suite', 'lab', '--version', version, '--db', db, '--json']),
    ]);
    const testMean = (r: { stdout: string }) => (JSON.parse(r.stdout) as CheckJson).suite_check.wording.splits.test.mean!;
    // the accurate descriptions name the jobs the lab tasks ask for; the seed ones are a line each
    expect(testMean(accurate)).toBeGreaterThan(testMean(own));
  });

  it('exits 2 on a suite it cannot read and 3 on a server that does not start, naming them', { timeout: 60_000 }, async () => {
    const missing = await tdo(['suite', 'check', '--suite', join(dir, 'no-such-suite.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`tdo: cannot read suite file ${join(dir, 'no-such-suite.yaml')}`);

    const path = join(dir, 'dead.json');
    const dead = { name: 'dead', command: process.execPath, args: ['-e', 'process.exit(1)'] };
    writeFileSync(
      path,
      JSON.stringify({
        name: 'dead',
        systemPrompt: 'x',
        servers: [dead],
        tasks: [{ id: 'a', split: 'train', prompt: 'hi', plan: [{ intent: 'x', tools: ['t'] }], check: { kind: 'answer', expected: 'x' } }],
      }),
    );
    const result = await tdo(['suite', 'check', '--suite', path, '--db', join(dir, 'dead.db')]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('tdo: cannot connect to MCP server "dead"');
    // a check writes nothing
    expect(existsSync(join(dir, 'dead.db'))).toBe(false);
  });
});
