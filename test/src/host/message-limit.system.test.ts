import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { connectServer, type ServerConnection } from '../../../src/host/connection.ts';
import { MAX_MESSAGE_BYTES } from '../../../src/host/bounded/limit.ts';

const HUGE_RESULT_SERVER = fileURLToPath(new URL('./fixtures/huge-result-server.mjs', import.meta.url));
const OVER = MAX_MESSAGE_BYTES + 2 * 1024 * 1024;

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

/** The fixture serving over HTTP (JSON bodies or event streams), connected through tdo's host connection. */
async function overHttp(mode: 'http' | 'sse'): Promise<ServerConnection> {
  const child: ChildProcess = spawn(process.execPath, [HUGE_RESULT_SERVER, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanup.push(() => void child.kill());
  const [url] = await createInterface({ input: child.stdout! })
    [Symbol.asyncIterator]()
    .next()
    .then((r) => [String(r.value)]);
  return connect({ name: 'huge', url: url!, headers: {} });
}

async function connect(spec: Parameters<typeof connectServer>[0]): Promise<ServerConnection> {
  const connection = await connectServer(spec);
  cleanup.unshift(() => connection.close());
  return connection;
}

const overStdio = () => connect({ name: 'huge', command: process.execPath, args: [HUGE_RESULT_SERVER, 'stdio'], env: {} });

/** Over every transport the same limit, and the same outcome: the call's error, which the agent reads, and the server still there. */
describe.each([
  ['stdio', overStdio],
  ['HTTP with JSON bodies', () => overHttp('http')],
  ['HTTP with event streams', () => overHttp('sse')],
])('a tool result over %s', (_transport, open) => {
  it("past the limit is the call's error naming the limit (not an outage, not cut short), and the next call is answered", async () => {
    const connection = await open();
    const outcome = await connection.callTool('huge', { bytes: OVER });
    expect(outcome).toEqual({
      isError: true,
      text: expect.stringMatching(/^Error calling huge on huge: .*of more than 10,485,760 bytes \(10 MiB\), tdo's limit for one MCP message/),
    });
    expect(outcome.text.length).toBeLessThan(1000);
    expect(await connection.callTool('echo', { text: 'still here' })).toEqual({ isError: false, text: 'still here' });
  }, 30_000);

  it('within the limit is read whole', async () => {
    const connection = await open();
    const outcome = await connection.callTool('huge', { bytes: MAX_MESSAGE_BYTES - 1024 });
    expect(outcome.isError).toBe(false);
    expect(outcome.text).toHaveLength(MAX_MESSAGE_BYTES - 1024);
  }, 30_000);
});

describe('a stdio server that writes one line without end', () => {
  it('is cut off, and the connection fails saying so rather than as a closed connection', async () => {
    const flood = fileURLToPath(new URL('../proxy/fixtures/flood-server.mjs', import.meta.url));
    await expect(connect({ name: 'flood', command: process.execPath, args: [flood], env: {} })).rejects.toThrow(
      /cannot connect to MCP server "flood" .*: the server wrote more than [\d,]+ bytes with no end of line .*cut off as broken/,
    );
  });
});
