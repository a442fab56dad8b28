// The suite check as `tdo run` and `tdo optimize` give it: on stderr before the episodes, as suite_check in --json,
// and a refusal of --target selection on a suite with no competing server.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fileURLToPath } from 'node:url';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

const dir = mkdtempSync(join(tmpdir(), 'tdo-suite-check-'));
const HOSTILE = fileURLToPath(new URL('../fixtures/servers/hostile-server.mjs', import.meta.url));

interface SuiteCheckJson {
  fidelity: { agent: string; share: number; steps: number; threshold: number; poor: boolean } | null;
  min_detectable_change: number | null;
  min_detectable_change_basis: { split: string; episodes: number; assumed_baseline: number };
  selection: { server: string; competitors: string[] } | null;
  tools: Array<{ name: string; server: string; labelled_steps: Record<string, number>; sim_chosen_right: number | null }>;
}

describe('the suite check in tdo run and tdo optimize', () => {
  it('tdo run prints it before the episodes and gives it as suite_check', { timeout: 60_000 }, async () => {
    const result = await tdo(['run', '--suite', 'filesystem-selection', '--repeat', '2', '--json', '--db', join(dir, 'run.db')]);
    expect(result.code, result.stderr).toBe(0);
    const check = (JSON.parse(result.stdout) as { suite_check: SuiteCheckJson }).suite_check;
    // 3 test tasks, each run twice
    expect(check.min_detectable_change_basis).toEqual({ split: 'test', episodes: 6, assumed_baseline: 0.5, significance: 0.05, power: 0.8 });
    expect(check.min_detectable_change).toBeNull();
    expect(check.tools).toHaveLength(14);
    expect(check.tools.find((t) => t.name === 'search_files')!.labelled_steps).toEqual({ train: 1, val: 0, test: 0, paraphrase: 0 });
    const fidelity = check.fidelity!;
    expect(fidelity).toMatchObject({ agent: 'sim', steps: 9, poor: fidelity.share < fidelity.threshold });
    expect(result.stderr).toContain(
      'suite check (before any episode is run):\n  Labelled plan steps per tool of filesystem (train/val/test/paraphrase): read_file 1/0/1/0,',
    );
    expect(result.stderr).toContain("The test split's 6 episodes cannot show any rise in success");
    expect(result.stderr).toContain(`the sim agent chooses a labelled tool for ${(fidelity.share * 100).toFixed(1)}% of the suite's 9 labelled steps`);
    expect(result.stderr.includes('--agent llm --model NAME')).toBe(fidelity.poor);
  });

  it('tdo optimize refuses --target selection on a suite with no competing server, before it opens the store', async () => {
    const db = join(dir, 'selection.db');
    const result = await tdo(['optimize', '--suite', 'filesystem-selection', '--target', 'selection', '--db', db]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'suite "filesystem-selection" has none: every first choice is filesystem\'s, so the seed scores 1 and the search measures nothing',
    );
    expect(result.stderr).toContain('Add a competing server to the suite, or use --target success');
    expect(existsSync(db)).toBe(false);
  });

  it('tdo optimize --json carries suite_check, with the target server and its competitor', { timeout: 120_000 }, async () => {
    const suite = parse(readFileSync(join(REPO_ROOT, 'experiments/shipped/suites/lab.yaml'), 'utf8')) as { tasks: Array<{ split: string }> };
    const first = (split: string, n: number) => suite.tasks.filter((t) => t.split === split).slice(0, n);
    const path = join(dir, 'small-lab.json');
    writeFileSync(path, JSON.stringify({ ...suite, tasks: [...first('train', 9), ...first('val', 6), ...first('test', 3)] }));
    const result = await tdo([
      'optimize',
      '--suite',
      path,
      '--server',
      'labplus',
      '--target',
      'selection',
      '--budget',
      '36',
      '--json',
      '--db',
      join(dir, 'optimize.db'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    const check = (JSON.parse(result.stdout) as { suite_check: SuiteCheckJson }).suite_check;
    expect(check.selection).toEqual({ server: 'labplus', competitors: ['lab'] });
    expect(check.min_detectable_change_basis.episodes).toBe(3);
    expect(check.tools.map((t) => t.name)).toEqual(['calculator', 'read_file', 'unit_convert', 'smart_compute']);
    expect(check.fidelity).toMatchObject({ agent: 'sim', steps: expect.any(Number) as number });
    expect(result.stderr).toContain('Labelled plan steps per tool of labplus (train/val/test/paraphrase): smart_compute ');
    expect(result.stderr).toContain('--target selection scores the first choices that go to labplus rather than to lab.');
    // printed before the search starts
    expect(result.stderr.indexOf('suite check')).toBeLessThan(result.stderr.indexOf('optimize run r-'));
  });

  it('a tool whose schema property is null: tdo run and tdo optimize exit 2 naming the server, the tool and the property', { timeout: 60_000 }, async () => {
    const echo = (id: string, split: string) => ({
      id,
      split,
      prompt: 'Echo hi.',
      plan: [{ intent: 'echo the text', args: { text: 'hi' }, tools: ['echo'] }],
      check: { kind: 'answer', expected: 'hi' },
    });
    const path = join(dir, 'null-property.json');
    const server = { name: 'h', command: process.execPath, args: [HOSTILE, 'null-property'] };
    writeFileSync(
      path,
      JSON.stringify({ name: 'null-property', systemPrompt: 'Use the tools.', servers: [server], tasks: [echo('t', 'train'), echo('v', 'val')] }),
    );
    for (const command of [['run'], ['optimize', '--server', 'h', '--budget', '4']]) {
      const result = await tdo([...command, '--suite', path, '--db', join(dir, `null-property-${command[0]}.db`)]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('tdo: MCP server "h" lists tool "echo" with an input schema tdo cannot read: properties.x: expected a JSON Schema');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
