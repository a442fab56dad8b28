import { describe, expect, it } from 'vitest';
import { SimAgent } from '../../../../src/agents/sim/agent.ts';
import { startEpisodeWorker } from '../../../../src/run/queue/episode-worker.ts';
import { ServedSuites } from '../../../../src/run/queue/served-suites.ts';
import { parseQueueAddress } from '../../../../src/run/queue/queue-address.ts';
import { labSuite } from '../../../support/lab-runs.ts';
import { redisMissing, startRedis } from '../../../support/redis-server.ts';
import { unhandledRejections } from '../../../support/unhandled-rejections.ts';

describe.skipIf(redisMissing() !== undefined)('stopping an episode worker', () => {
  it('stops while Redis is down instead of waiting for it to come back, and leaves no unhandled rejection', async () => {
    const redis = await startRedis();
    const loaded = labSuite();
    // Both connections (jobs, blocking reads) were refused once: they wait to try again.
    let refusals = 0;
    let bothRefused!: () => void;
    const reconnecting = new Promise<void>((resolve) => (bothRefused = resolve));
    const worker = startEpisodeWorker({
      address: parseQueueAddress(redis.url),
      concurrency: 1,
      suites: new ServedSuites([loaded]),
      buildAgent: () => new SimAgent(),
      onError: (err) => {
        if (/ECONNREFUSED/.test(err.message) && ++refusals === 2) bothRefused();
      },
    });
    const rejections = unhandledRejections();
    try {
      // The worker found the queue empty: it is waiting for jobs when Redis goes.
      await new Promise<void>((resolve) => worker.worker.once('drained', () => resolve()));
      await redis.stop();
      await reconnecting;
      // The sockets close just after their errors; the next tries are a second away.
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Before, this waited for a Redis that never came back (the test timed out).
      await worker.close();
      expect(rejections.seen).toEqual([]);
    } finally {
      rejections.stop();
      await redis.stop();
    }
  });
});
