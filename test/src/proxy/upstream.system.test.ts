import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { Upstream } from '../../../src/proxy/upstream.ts';

const FLOOD_SERVER = fileURLToPath(new URL('./fixtures/flood-server.mjs', import.meta.url));
const STRICT_SERVER = fileURLToPath(new URL('./fixtures/strict-server.mjs', import.meta.url));

/** An upstream over the strict fixture, with every message it passes on and every exit it reports. */
function strictUpstream() {
  const log = join(mkdtempSync(join(tmpdir(), 'tdo-upstream-')), 'received.jsonl');
  const messages: JSONRPCMessage[] = [];
  const exits: string[] = [];
  const waiters: Array<() => void> = [];
  const upstream = new Upstream(
    { command: process.execPath, args: [STRICT_SERVER, log] },
    {
      message: (m) => {
        messages.push(m);
        waiters.splice(0).forEach((w) => w());
      },
      exited: (reason) => {
        exits.push(reason);
        waiters.splice(0).forEach((w) => w());
      },
      oversize: () => undefined,
      stderr: () => undefined,
    },
  );
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  const received = () =>
    readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { pid: number; method: string | null; id: unknown });
  return { upstream, messages, exits, until, received };
}

const initialize = {
  jsonrpc: '2.0' as const,
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } },
};

describe('Upstream', () => {
  it("starts on the first message and, after a crash, replays the host's initialize before anything else", async () => {
    const { upstream, messages, exits, until, received } = strictUpstream();
    upstream.rememberHandshake(initialize);
    await upstream.send(initialize);
    await upstream.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await upstream.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pid', arguments: {} } });
    await until(() => messages.length === 2);
    const firstPid = received()[0]!.pid;
    process.kill(firstPid, 'SIGKILL');
    await until(() => exits.length === 1);
    expect(exits[0]).toMatch(/the server process \(.*strict-server\.mjs.*\) was killed by SIGKILL/);

    await upstream.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'pid', arguments: {} } });
    await until(() => messages.length === 3);
    // The host sees only the answers to its own requests: ids 0, 1 and 2, the last one a success.
    expect(messages.map((m) => ('id' in m ? m.id : undefined))).toEqual([0, 1, 2]);
    expect(messages[2]).toMatchObject({ result: { content: [{ text: expect.not.stringMatching(String(firstPid)) }] } });
    const second = received().filter((r) => r.pid !== firstPid);
    expect(second.map((r) => r.method)).toEqual(['initialize', 'notifications/initialized', 'tools/call']);
    expect(second[0]?.id).toMatch(/^tdo-proxy-replay-/);
    await upstream.stop();
  });

  it('stops the server when asked, without reporting that as a crash', async () => {
    const { upstream, exits, received } = strictUpstream();
    await upstream.send(initialize);
    await upstream.stop();
    const pid = received()[0]!.pid;
    expect(() => process.kill(pid, 0)).toThrow();
    expect(exits).toEqual([]);
    await expect(upstream.send(initialize)).rejects.toThrow(/shutting down/);
  });
});

describe('a server that floods one line without end', () => {
  it('is stopped as broken, with the reason, so the requests it owes are answered', async () => {
    const exits: string[] = [];
    let exited: () => void = () => undefined;
    const reported = new Promise<void>((resolve) => (exited = resolve));
    const upstream = new Upstream(
      { command: process.execPath, args: [FLOOD_SERVER] },
      {
        message: () => undefined,
        exited: (reason) => {
          exits.push(reason);
          exited();
        },
        oversize: () => undefined,
        stderr: () => undefined,
      },
    );
    await upstream.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'any', arguments: {} } });
    await reported;
    await upstream.stop();
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatch(/was stopped: it wrote more than [\d,]+ bytes with no end of line .*cut off as broken/);
  });
});
