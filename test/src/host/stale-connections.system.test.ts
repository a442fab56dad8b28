import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { connectServer, type ServerConnection } from '../../../src/host/connection.ts';

const HUGE_RESULT_SERVER = fileURLToPath(new URL('./fixtures/huge-result-server.mjs', import.meta.url));
/** How long the fixture keeps an idle connection open. */
const IDLE_CLOSE_MS = 3000;
/**
 * Past the fixture's idle timeout (3 s; Node closes the socket about 1 s later), so that it has closed the
 * connection it kept, and within the time undici would keep that connection for reuse.
 */
const BUSY_MS = 4200;

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [HUGE_RESULT_SERVER, 'http', String(IDLE_CLOSE_MS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () =>
    new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()).kill()));
  cleanup.push(stop);
  const line = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  return { url: String(line.value), stop };
}

async function connect(url: string): Promise<ServerConnection> {
  const connection = await connectServer({ name: 'huge', url, headers: {} });
  cleanup.unshift(() => connection.close());
  return connection;
}

/** Work that holds this process's event loop, as the sim proposer's rewriting of a large catalogue does: no socket is read meanwhile. */
function busyFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe('connections a server closed while tdo was busy', () => {
  it('are never written to again: a request and a new connection after the pause reach the server', async () => {
    const { url } = await startServer();
    const first = await connect(url);
    await first.listTools();
    busyFor(BUSY_MS);
    expect((await first.callTool('echo', { text: 'still there' })).text).toBe('still there');
    busyFor(BUSY_MS);
    const second = await connect(url);
    expect((await second.listTools()).map((t) => t.name)).toEqual(['huge', 'echo']);
  }, 30_000);

  it('name the socket error when the server is gone, which fetch alone reports as "fetch failed"', async () => {
    const { url, stop } = await startServer();
    await stop();
    await expect(connectServer({ name: 'huge', url, headers: {} })).rejects.toThrow(
      /^cannot connect to MCP server "huge" .*fetch failed \(connect ECONNREFUSED /,
    );
  }, 30_000);
});
