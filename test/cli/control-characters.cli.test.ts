// Issue 34, finding 9: a server's tool names, descriptions and results carry terminal control sequences (a window
// title, a clear screen, a colour, a backspace). `tdo run`, `traces show`, `lint` and `diff` print them escaped;
// the store keeps them as the server sent them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openTraceStore } from '../../traces/index.ts';
import { tdo } from '../support/cli.ts';

const HOSTILE = fileURLToPath(new URL('../fixtures/servers/hostile-server.mjs', import.meta.url));
const SEQUENCES = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u0008';
const ESCAPED = '\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred\\x08';
/** Any character a terminal acts on, but tab and line feed. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('control characters from a server reach the terminal escaped', () => {
  it('tdo run and tdo traces show escape the tool name and the result; the store keeps them raw', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-controls-'));
    const db = join(dir, 'tdo.db');
    const suite = join(dir, 'suite.json');
    writeFileSync(
      suite,
      JSON.stringify({
        name: 'controls',
        systemPrompt: 'Use the tools.',
        servers: [{ name: 'h', command: process.execPath, args: [HOSTILE, 'control-chars'] }],
        tasks: [
          {
            id: 't',
            split: 'val',
            prompt: 'Echo hi.',
            plan: [{ intent: 'echo the text', args: { text: 'hi' }, tools: [`echo${SEQUENCES}`] }],
            check: { kind: 'answer', expected: 'hi' },
          },
        ],
      }),
    );

    const run = await tdo(['run', '--suite', suite, '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`echo${ESCAPED}`);
    expect(run.stdout + run.stderr).not.toMatch(RAW_CONTROL);

    const store = openTraceStore(db);
    const [episode] = store.listEpisodes({});
    const steps = store.getTrajectory(episode!.id)!.steps;
    store.close();
    expect(steps.some((s) => s.kind === 'tool' && s.tool === `echo${SEQUENCES}` && s.output === `hi${SEQUENCES}`)).toBe(true);

    const shown = await tdo(['traces', 'show', episode!.id, '--db', db]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`-> ok: hi${ESCAPED}`);
    expect(shown.stdout).not.toMatch(RAW_CONTROL);
  }, 60_000);

  it('tdo lint and tdo diff (text, md, html) escape tool names and descriptions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-controls-'));
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(a, JSON.stringify({ [`echo${SEQUENCES}`]: `Echoes its text.${SEQUENCES}` }));
    writeFileSync(b, JSON.stringify({ [`echo${SEQUENCES}`]: `Echoes its text back.${SEQUENCES} Use it for any text.` }));

    const lint = await tdo(['lint', a]);
    expect(lint.stdout).toContain(`echo${ESCAPED}`);
    expect(lint.stdout).not.toMatch(RAW_CONTROL);
    for (const format of ['text', 'md', 'html']) {
      const diff = await tdo(['diff', a, b, '--format', format]);
      expect(diff.code, diff.stderr).toBe(0);
      expect(diff.stdout, format).toContain(ESCAPED);
      expect(diff.stdout, format).not.toMatch(RAW_CONTROL);
    }
  }, 60_000);
});
