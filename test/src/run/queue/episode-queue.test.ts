import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EpisodeQueue } from '../../../../src/run/queue/episode-queue.ts';
import { parseQueueAddress } from '../../../../src/run/queue/queue-address.ts';
import { unhandledRejections } from '../../../support/unhandled-rejections.ts';

describe('opening the episode queue', () => {
  it('gives up on a server that takes the connection and never answers, with the cause', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const rejections = unhandledRejections();
    try {
      const address = parseQueueAddress(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`);
      // Before, this waited for ever (a `tdo run --queue` at such an address hung silently).
      await expect(EpisodeQueue.open(address, { openTimeoutMs: 300 })).rejects.toThrow(
        `cannot reach the episode queue at ${address.shown}: no answer within 0.3 s; is a Redis server listening there?`,
      );
      expect(rejections.seen).toEqual([]);
    } finally {
      rejections.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
