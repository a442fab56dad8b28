import { createServer, type AddressInfo, type Socket } from 'node:net';
import { QueueEvents } from 'bullmq';
import { describe, expect, it, vi } from 'vitest';
import { EpisodeQueue } from '../../../../src/run/queue/episode-queue.ts';
import { startEpisodeWorker } from '../../../../src/run/queue/episode-worker.ts';
import { parseQueueAddress } from '../../../../src/run/queue/queue-address.ts';
import { closeNow, quietAfterClose } from '../../../../src/run/queue/quiet-after-close.ts';
import { ServedSuites } from '../../../../src/run/queue/served-suites.ts';
import { labSuite } from '../../../support/lab-runs.ts';
import { freePort } from '../../../support/redis-server.ts';
import { unhandledRejections } from '../../../support/unhandled-rejections.ts';

/**
 * A Redis that is not there yet: it resets the first `reset` connections (each client's first attempt fails),
 * holds the next `hold` unanswered (those clients are connecting when they are closed), and resets every later one.
 */
async function flakyRedis({ reset, hold }: { reset: number; hold: number }) {
  const held: Socket[] = [];
  let arrived = 0;
  let onHeld: () => void;
  const allHeld = new Promise<void>((resolve) => (onHeld = resolve));
  const server = createServer((socket) => {
    arrived++;
    if (arrived <= reset || held.length === hold) return socket.resetAndDestroy();
    held.push(socket);
    // Read (and ignore) what the client sends, so its closing the connection is seen.
    socket.resume();
    if (held.length === hold) onHeld();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    allHeld,
    /** Resolves once the clients closed every held connection, and a moment later: what BullMQ does on that comes next. */
    async heldClosed(): Promise<void> {
      await Promise.all(held.map((s) => (s.closed ? undefined : new Promise((resolve) => s.once('close', resolve)))));
      await new Promise((resolve) => setTimeout(resolve, 250));
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('queue connections closed while connecting', () => {
  it('a worker stopped while it reconnects to a Redis that dropped it leaves no unhandled rejection', async () => {
    const redis = await flakyRedis({ reset: 2, hold: 2 });
    const rejections = unhandledRejections();
    const errors: Error[] = [];
    const worker = startEpisodeWorker({
      address: parseQueueAddress(redis.url),
      concurrency: 1,
      suites: new ServedSuites([labSuite()]),
      buildAgent: () => expect.unreachable('no job reaches this worker'),
      onError: (err) => errors.push(err),
    });
    try {
      // Both connections were dropped once and are connecting again.
      await redis.allHeld;
      await worker.close();
      await redis.heldClosed();
      expect(errors.length).toBeGreaterThan(0);
      expect(rejections.seen).toEqual([]);
    } finally {
      rejections.stop();
      await redis.stop();
    }
  });

  it('a coordinator that gives up on Redis while its other connection is connecting leaves no unhandled rejection', async () => {
    // One connection is held from its second attempt on; the other is dropped until the coordinator gives up.
    const redis = await flakyRedis({ reset: 2, hold: 1 });
    const rejections = unhandledRejections();
    try {
      await expect(EpisodeQueue.open(parseQueueAddress(redis.url))).rejects.toThrow(/cannot reach the episode queue at redis:\/\/127\.0\.0\.1:\d+\/0/);
      await redis.heldClosed();
      expect(rejections.seen).toEqual([]);
    } finally {
      rejections.stop();
      await redis.stop();
    }
  });

  it('closes a queue-events reader whose first connect was refused while it waits to try again', async () => {
    const port = await freePort();
    // One try a minute: the reader is between two tries for the whole test.
    const connection = { host: '127.0.0.1', port, maxRetriesPerRequest: null, retryStrategy: () => 60_000 };
    const events = quietAfterClose(new QueueEvents('tdo-closing', { connection, autorun: false }));
    events.on('error', () => undefined);
    // ioredis's state is not public API; it is read by name, as quiet-after-close.ts reads the connections.
    const status = () => (events as unknown as { connection: { _client: { status: string } } }).connection._client.status;
    await vi.waitFor(() => expect(status()).toBe('reconnecting'));
    // QueueEvents.close() waits for that first connect, which the forced close ends without settling: awaited, this never returned.
    await closeNow(events);
    expect(status()).toBe('end');
  });
});
