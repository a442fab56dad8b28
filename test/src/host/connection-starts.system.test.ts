// How many processes one connect starts: the SDK's stdio negotiation would start a disposable sibling to probe
// each server before the session's own; the host probes the session's process itself (src/host/connection.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectServer, type ServerConnection } from '../../../src/host/connection.ts';
import { REPO_ROOT, TDO_BIN } from '../../support/lab-runs.ts';
import { EVERYTHING_SERVER } from '../../support/third-party-servers.ts';

const STRICT_SERVER = join(REPO_ROOT, 'test/fixtures/servers/exits-before-initialize.mjs');

/**
 * Connects to the server `args` start (through a shell that logs each start), hands the connection to `use`,
 * and returns how many times the server was started.
 */
async function countStarts(name: string, args: string[], use: (connection: ServerConnection) => Promise<void>): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-starts-'));
  const log = join(dir, 'starts.log');
  const logThenExec = ['echo started >> "$0"', `exec "${process.execPath}" "$@"`].join('; ');
  const connection = await connectServer({ name, command: 'sh', args: ['-c', logThenExec, log, ...args], env: {}, cwd: REPO_ROOT });
  try {
    await use(connection);
    return readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
  } finally {
    await connection.close();
    rmSync(dir, { recursive: true });
  }
}

describe('connectServer', () => {
  it('starts a server of this era once, and speaks 2026-07-28 with it', { timeout: 60_000 }, async () => {
    const starts = await countStarts('lab', [TDO_BIN, 'serve', 'lab'], async (lab) => {
      expect(lab.protocolVersion).toBe('2026-07-28');
      expect((await lab.callTool('calculator', { expression: '6 * 7' })).text).toBe('42');
    });
    expect(starts).toBe(1);
  });

  it('falls back to initialize for a 2025-era server that answers the probe with an error, starting it once', { timeout: 60_000 }, async () => {
    const starts = await countStarts('everything', [EVERYTHING_SERVER], async (everything) => {
      expect(everything.protocolVersion).toBe('2025-11-25');
      expect(await everything.callTool('get-sum', { a: 2, b: 40 })).toMatchObject({ isError: false, text: expect.stringContaining('42') });
    });
    expect(starts).toBe(1);
  });

  it('starts a 2025-era server that exits on the probe again, in legacy mode', { timeout: 60_000 }, async () => {
    const starts = await countStarts('strict', [STRICT_SERVER], async (strict) => {
      expect(strict.protocolVersion).toBe('2025-11-25');
      expect((await strict.listTools()).map((t) => t.name)).toEqual(['echo']);
    });
    expect(starts).toBe(2);
  });
});
