// How many processes one connect starts: the SDK's stdio negotiation would start a disposable sibling to probe
// each server before the session's own; the host probes the session's process itself (src/host/connection.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectServer } from '../../../src/host/connection.ts';
import { REPO_ROOT, TDO_BIN } from '../../support/lab-runs.ts';
import { EVERYTHING_SERVER } from '../../support/third-party-servers.ts';

const STRICT_SERVER = join(REPO_ROOT, 'test/fixtures/servers/exits-before-initialize.mjs');

/** A server spec whose every start appends a line to `log` before it execs the server. */
function countedStarts(log: string, name: string, args: string[]) {
  const command = ['echo started >> "$0"', `exec "${process.execPath}" "$@"`].join('; ');
  return { name, command: 'sh', args: ['-c', command, log, ...args], env: {}, cwd: REPO_ROOT };
}

function startsIn(log: string): number {
  return readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
}

describe('connectServer', () => {
  it('starts a server of this era once, and speaks 2026-07-28 with it', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-starts-'));
    const log = join(dir, 'starts.log');
    const lab = await connectServer(countedStarts(log, 'lab', [TDO_BIN, 'serve', 'lab']));
    try {
      expect(lab.protocolVersion).toBe('2026-07-28');
      expect((await lab.callTool('calculator', { expression: '6 * 7' })).text).toBe('42');
      expect(startsIn(log)).toBe(1);
    } finally {
      await lab.close();
      rmSync(dir, { recursive: true });
    }
  });

  it('falls back to initialize for a 2025-era server that answers the probe with an error, starting it once', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-starts-'));
    const log = join(dir, 'starts.log');
    const everything = await connectServer(countedStarts(log, 'everything', [EVERYTHING_SERVER]));
    try {
      expect(everything.protocolVersion).toBe('2025-11-25');
      expect(await everything.callTool('get-sum', { a: 2, b: 40 })).toMatchObject({ isError: false, text: expect.stringContaining('42') });
      expect(startsIn(log)).toBe(1);
    } finally {
      await everything.close();
      rmSync(dir, { recursive: true });
    }
  });

  it('starts a 2025-era server that exits on the probe again, in legacy mode', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tdo-starts-'));
    const log = join(dir, 'starts.log');
    const strict = await connectServer(countedStarts(log, 'strict', [STRICT_SERVER]));
    try {
      expect(strict.protocolVersion).toBe('2025-11-25');
      expect((await strict.listTools()).map((t) => t.name)).toEqual(['echo']);
      expect(startsIn(log)).toBe(2);
    } finally {
      await strict.close();
      rmSync(dir, { recursive: true });
    }
  });
});
