// Issue 34, finding 8: what comes from outside and fails (a server during tools/list, a file nested thousands of
// levels, a store damaged mid-run) ends `tdo` with exit 2 and one line naming the cause, never exit 1 and a stack.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';

const HOSTILE = fileURLToPath(new URL('../fixtures/servers/hostile-server.mjs', import.meta.url));
const CORRUPTS_STORE = fileURLToPath(new URL('../fixtures/servers/corrupts-store.mjs', import.meta.url));
const scratch = () => mkdtempSync(join(tmpdir(), 'tdo-outside-'));
const noStack = /\n\s+at /;

const echoTask = {
  id: 'echo-hi',
  split: 'val',
  prompt: 'Echo hi.',
  plan: [{ intent: 'echo the text', args: { text: 'hi' }, tools: ['echo'] }],
  check: { kind: 'answer', expected: 'hi' },
};

function suiteFile(dir: string, server: Record<string, unknown>): string {
  const path = join(dir, 'suite.json');
  writeFileSync(path, JSON.stringify({ name: 'outside', systemPrompt: 'Use the tools.', servers: [{ name: 'h', ...server }], tasks: [echoTask] }));
  return path;
}

/** A server that dies is an outage (exit 3); a list it sent that tdo cannot read is the server's to fix (exit 2). */
const LIST_FAILURES: Array<[mode: string, cause: RegExp, exitCode: number]> = [
  ['exit-on-list', /Connection closed/, 3],
  ['bad-schema', /Invalid result for tools\/list: .*inputSchema/, 2],
  ['deep-schema', /nested too deeply to read/, 2],
];

describe('a server that fails during tools/list', () => {
  for (const [mode, cause, exitCode] of LIST_FAILURES) {
    it(`${mode}: tdo run and tdo init exit ${exitCode} naming the server and the cause; init writes nothing`, async () => {
      const dir = scratch();
      const run = await tdo(['run', '--suite', suiteFile(dir, { command: process.execPath, args: [HOSTILE, mode] }), '--db', join(dir, 'tdo.db')]);
      expect(run.code, run.stderr).toBe(exitCode);
      expect(run.stderr).toMatch(/^tdo: MCP server "h" failed during tools\/list: /m);
      expect(run.stderr).toMatch(cause);
      expect(run.stderr).not.toMatch(noStack);

      const init = await tdo(['init', '--server', 'h', '--', process.execPath, HOSTILE, mode], {}, dir);
      expect(init.code, init.stderr).toBe(exitCode);
      expect(init.stderr).toMatch(/^tdo: MCP server "h" failed during tools\/list: /);
      expect(init.stderr).not.toMatch(noStack);
      expect(existsSync(join(dir, 'tdo.config.json'))).toBe(false);
    }, 60_000);
  }
});

describe('a file nested thousands of levels (10 KB)', () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('a suite file: exit 2 naming the file and where it nests too deep', async () => {
    const dir = scratch();
    const path = join(dir, 'suite.json');
    writeFileSync(
      path,
      JSON.stringify({ name: 'deep', systemPrompt: 's', servers: [{ name: 'h', command: 'node' }], tasks: [] }).replace('"node"', `"node","env":${deep(2000)}`),
    );
    const run = await tdo(['run', '--suite', path, '--db', join(dir, 'tdo.db')]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toBe(`tdo: suite file ${path} nests deeper than 100 levels (at servers.0.env.a.a.a...); flatten it\n`);
  }, 60_000);

  it('a config file: exit 2 naming the file', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'tdo.config.json'), `{"mcpServers":${deep(2000)}}`);
    const run = await tdo(['run', '--suite', 'lab', '--db', join(dir, 'tdo.db')], {}, dir);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toBe(`tdo: config file ${join(dir, 'tdo.config.json')} nests deeper than 100 levels (at mcpServers.a.a.a.a.a...); flatten it\n`);
  }, 60_000);
});

describe('a trace store found corrupt mid-run', () => {
  for (const table of ['steps', 'episodes']) {
    it(`on the ${table} table: exit 2 naming the file, not "agent failed" and not a stack`, async () => {
      const dir = scratch();
      const db = join(dir, 'tdo.db');
      const suite = suiteFile(dir, { command: process.execPath, args: [CORRUPTS_STORE], env: { TDO_CORRUPT_DB: db, TDO_CORRUPT_TABLE: table } });
      const run = await tdo(['run', '--suite', suite, '--db', db]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`\\ntdo: trace store ${db}: was found corrupt while in use \\(database disk image is malformed\\)`));
      expect(run.stdout + run.stderr).not.toMatch(/agent failed/);
      expect(run.stderr).not.toMatch(noStack);
    }, 60_000);
  }
});
