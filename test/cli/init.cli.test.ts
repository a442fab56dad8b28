// `tdo init` on a server of the user's own: the written suite refuses to run until its marked values are
// written, then run, optimize and experiment work on it from the user's folder.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { tdo } from '../support/cli.ts';

const SHOP = fileURLToPath(new URL('./fixtures/shop-server.mjs', import.meta.url));

type Task = { id: string; prompt: string; plan: Array<{ intent: string; args?: Record<string, unknown>; tools: string[] }>; check: Record<string, unknown> };

/** What the server's author would write: plain requests for each tool, and a sum to check. */
function fill(task: Task): Task {
  if (task.id === 'end-to-end') {
    return {
      ...task,
      prompt: 'What is 1234 plus 4321?',
      plan: [{ ...task.plan[0]!, intent: 'add two numbers together', args: { a: 1234, b: 4321 } }],
      check: { kind: 'answer', expected: 5555 },
    };
  }
  const adds = task.plan[0]!.tools[0] === 'shop/add';
  return {
    ...task,
    prompt: adds ? 'Add 17 and 25 for me.' : 'Write "watch out" in capital letters.',
    plan: [{ ...task.plan[0]!, intent: adds ? 'add two numbers and get their sum' : 'turn a text into capital letters' }],
  };
}

describe('tdo init', () => {
  it('writes a config and a marked suite that runs only once filled; then run, optimize and experiment work on it', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-init-'));
    const init = await tdo(['init', '--server', 'shop', '--', process.execPath, SHOP], {}, dir);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('server shop: 2 tools: add, shout');
    expect(init.stdout).toContain('  tdo run --suite suites/shop.yaml');
    const config = JSON.parse(readFileSync(join(dir, 'tdo.config.json'), 'utf8')) as { mcpServers: Record<string, unknown>; suites: Record<string, string> };
    expect(config.suites).toEqual({ shop: 'suites/shop.yaml' });
    expect(config.mcpServers.shop).toMatchObject({ command: process.execPath, args: [SHOP] });

    // before the marked values are written, the suite names each one and nothing runs
    const early = await tdo(['run', '--suite', 'suites/shop.yaml'], {}, dir);
    expect(early.code).toBe(2);
    expect(early.stderr).toMatch(/still has 9 values marked "FILL:"/);
    expect(early.stderr).toContain('tasks.0.prompt: FILL: a request a user of shop would make that needs add (Add two numbers and return their sum.)');

    // a second init does not overwrite the suite
    const again = await tdo(['init', '--server', 'shop'], {}, dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/suites\/shop\.yaml exists; --force overwrites it/);

    const file = join(dir, 'suites', 'shop.yaml');
    const text = readFileSync(file, 'utf8');
    const suite = parse(text) as { tasks: Task[] };
    // the commented isolation block (test/src/suite/scaffold.test.ts checks it uncommented)
    expect(text).toContain(`#     args: ${JSON.stringify([SHOP])}\n#     cwd: \${SUITE_DIR}/..\n`);
    const header = text
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .join('\n');
    writeFileSync(file, `${header}\n${stringify({ ...suite, tasks: suite.tasks.map(fill) })}`);

    const run = await tdo(['run', '--suite', 'suites/shop.yaml', '--json'], {}, dir);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed', episodes: 4, errors: 0 });

    const optimized = await tdo(['optimize', '--suite', 'suites/shop.yaml', '--server', 'shop', '--budget', '20', '--json'], {}, dir);
    expect(optimized.code, optimized.stderr).toBe(0);
    const report = JSON.parse(optimized.stdout) as { seed_version_id: string; version_id: string };
    const versions = [...new Set([report.seed_version_id, report.version_id])].join(',');
    const experiment = await tdo(['experiment', '--suite', 'suites/shop.yaml', '--versions', versions, '--out', join(dir, 'report')], {}, dir);
    expect(experiment.code, experiment.stderr).toBe(0);
    expect(existsSync(join(dir, 'report', 'report.md'))).toBe(true);
  });

  it('needs the server: a command after --, a URL, or one tdo.config.json defines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-init-'));
    const r = await tdo(['init', '--server', 'nothing'], {}, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs the server: a command after -- .* or --url URL; tdo\.config\.json does not define "nothing"/);
    expect(existsSync(join(dir, 'tdo.config.json'))).toBe(false);
  });
});
