import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tdo } from '../support/cli.ts';

const LONG_DESCRIPTION_SERVER = fileURLToPath(new URL('../src/host/fixtures/long-description-server.mjs', import.meta.url));
const scratch = () => mkdtempSync(join(tmpdir(), 'tdo-bounds-'));

/**
 * Hostile sizes end in seconds with a message (each used to run for minutes). The test timeouts are
 * hang guards only.
 */
describe('bounded inputs through the CLI', () => {
  it('tdo run: a server advertising a 1 MB description is refused with its name, not worked through for 10 minutes', async () => {
    const dir = scratch();
    const suite = join(dir, 'suite.json');
    writeFileSync(
      suite,
      JSON.stringify({
        name: 'long',
        systemPrompt: 'Use the tools.',
        servers: [{ name: 'long', command: process.execPath, args: [LONG_DESCRIPTION_SERVER, '1048576'] }],
        tasks: [
          {
            id: 'echo-hi',
            split: 'val',
            prompt: 'Echo hi.',
            plan: [{ intent: 'echo the text', args: { text: 'hi' }, tools: ['echo'] }],
            check: { kind: 'answer', expected: 'hi' },
          },
        ],
      }),
    );

    const result = await tdo(['run', '--suite', suite, '--db', join(dir, 'tdo.db')]);

    // a server that misbehaves is infrastructure: exit 2 with its message, as for any input or outage
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^tdo: MCP server "long" advertises a description of 1,048,576 characters for tool "echo"; tdo reads at most 32,768/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('tdo import: a 50 MB descriptions file is refused before it is read (exit 2)', async () => {
    const dir = scratch();
    const file = join(dir, 'descriptions.json');
    writeFileSync(file, JSON.stringify({ echo: `Echoes. ${'lorem ipsum dolor sit amet '.repeat(2_000_000)}` }));

    const result = await tdo(['import', file, '--server', 'long', '--db', join(dir, 'tdo.db')]);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/descriptions file .*descriptions\.json is 51\.\d MB; tdo imports files of at most 4 MB/);
  }, 60_000);

  it('tdo import: a description over the length limit is refused with the tool named (exit 2)', async () => {
    const dir = scratch();
    const file = join(dir, 'descriptions.json');
    writeFileSync(file, JSON.stringify({ echo: 'x'.repeat(1_048_576) }));

    const result = await tdo(['import', file, '--server', 'long', '--db', join(dir, 'tdo.db')]);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/describes "echo" in 1,048,576 characters; descriptions may have at most 32,768/);
  }, 60_000);
});
