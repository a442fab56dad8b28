// A server listing one tool name twice is refused before anything runs (issue 34, finding 2): a call by that name
// could reach either tool, and the seed version recorded for the server held the other tool's text.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';
import { REPO_ROOT } from '../support/lab-runs.ts';

const NAMED_TOOLS_SERVER = join(REPO_ROOT, 'test/fixtures/servers/named-tools-server.mjs');
const TWICE = [process.execPath, NAMED_TOOLS_SERVER, 'twice', 'calculator', 'calculator'];
const REFUSAL = /^tdo: MCP server "twice" lists two tools named "calculator"/;

describe('a server listing one tool name twice', () => {
  it('tdo run: exit 2, naming the server and the tool', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-twice-'));
    const suite = join(dir, 'suite.json');
    writeFileSync(
      suite,
      JSON.stringify({
        name: 'twice',
        systemPrompt: 'Use the tools.',
        servers: [{ name: 'twice', command: TWICE[0], args: TWICE.slice(1) }],
        tasks: [
          {
            id: 'add',
            split: 'val',
            prompt: 'What is 2 + 2?',
            plan: [{ intent: 'evaluate an arithmetic expression', args: { expression: '2 + 2' }, tools: ['calculator'] }],
            check: { kind: 'answer', expected: 4 },
          },
        ],
      }),
    );

    const result = await tdo(['run', '--suite', suite, '--db', join(dir, 'tdo.db')]);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(REFUSAL);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('tdo init: exit 2, naming the server and the tool', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-twice-'));

    const result = await tdo(['init', '--server', 'twice', '--', ...TWICE], {}, dir);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(REFUSAL);
  }, 60_000);
});
