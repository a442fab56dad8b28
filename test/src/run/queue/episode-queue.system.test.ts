// The coordinator's wait for its episodes: it never misses a result, and it says when no worker takes them.
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimAgent } from '../../../../src/agents/sim/agent.ts';
import { EPISODE_QUEUE } from '../../../../src/run/queue/episode-job.ts';
import { EpisodeQueue } from '../../../../src/run/queue/episode-queue.ts';
import { startEpisodeWorker } from '../../../../src/run/queue/episode-worker.ts';
import { parseQueueAddress } from '../../../../src/run/queue/queue-address.ts';
import { ServedSuites } from '../../../../src/run/queue/served-suites.ts';
import { runSuite } from '../../../../src/run/run-suite.ts';
import type { LoadedSuite } from '../../../../src/suite/load.ts';
import { labSuite, tempStore } from '../../../support/lab-runs.ts';
import { redisMissing, startRedis, type RedisServer } from '../../../support/redis-server.ts';

/** The lab suite cut to its first task: one episode per run. */
function oneTaskSuite(): LoadedSuite {
  const loaded = labSuite();
  return { ...loaded, suite: { ...loaded.suite, tasks: [loaded.suite.tasks[0]!] } };
}

function redisCli(port: number, ...args: string[]): string {
  return spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout;
}

/**
 * Keeps cutting off the coordinator's events reader while it waits on the events stream, until stopped: each read
 * it starts is refused (BullMQ tries again 5 s later), so it hears of nothing that happens meanwhile.
 */
function cutOffEventsReader(port: number): { stop(): void } {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const blocked = redisCli(port, 'CLIENT', 'LIST')
        .split('\n')
        .find((l) => / name=\S+:qe /.test(l) && / cmd=xread /.test(l));
      if (blocked !== undefined) redisCli(port, 'CLIENT', 'UNBLOCK', /^id=(\d+)/.exec(blocked)![1]!, 'ERROR');
      await sleep(10);
    }
  })();
  return { stop: () => (stopped = true) };
}

describe.skipIf(redisMissing() !== undefined)('a coordinator waiting on the queue', () => {
  let redis: RedisServer;
  beforeEach(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    await redis.stop();
  });

  it('records an episode whose job finished while its events reader was not reading', async () => {
    const queue = await EpisodeQueue.open(parseQueueAddress(redis.url));
    const jobs = new Queue(EPISODE_QUEUE, { connection: { port: redis.port } });
    const cutOff = cutOffEventsReader(redis.port);
    let worker: Worker | undefined;
    try {
      const run = runSuite({
        store: tempStore(),
        loaded: oneTaskSuite(),
        agent: new SimAgent(),
        options: { split: 'all', repeats: 1, seed: 1, concurrency: 1, versionIds: [] },
        executor: queue.executor,
        maxErrorRate: 1,
      });
      while ((await jobs.getWaitingCount()) === 0) await sleep(20);
      // The coordinator's one look at the new job (it is waiting) is behind it.
      await sleep(300);
      worker = new Worker(EPISODE_QUEUE, () => Promise.reject(new UnrecoverableError('refused by the test')), { connection: { port: redis.port } });
      while ((await jobs.getFailedCount()) === 0) await sleep(20);
      // The reader reads again: before, from the stream's end as it was then, past the job's events, and the run waited for ever.
      cutOff.stop();
      const report = await run;
      expect(report.errors.causes.map((c) => c.cause)).toEqual([expect.stringContaining('refused by the test')]);
    } finally {
      cutOff.stop();
      await worker?.close();
      await jobs.close();
      await queue.close();
    }
  });

  it('says within its watch interval that no worker takes its episodes, then goes on once one does', async () => {
    const notices: string[] = [];
    let noticed!: () => void;
    const firstNotice = new Promise<void>((resolve) => (noticed = resolve));
    const queue = await EpisodeQueue.open(parseQueueAddress(redis.url), {
      watchMs: 50,
      onNotice: (text) => {
        notices.push(text);
        noticed();
      },
    });
    let worker: ReturnType<typeof startEpisodeWorker> | undefined;
    try {
      const loaded = oneTaskSuite();
      const run = runSuite({
        store: tempStore(),
        loaded,
        agent: new SimAgent(),
        options: { split: 'all', repeats: 1, seed: 1, concurrency: 1, versionIds: [] },
        executor: queue.executor,
      });
      await firstNotice;
      expect(notices).toEqual([
        `no worker is taking the episodes of ${parseQueueAddress(redis.url).shown}; still waiting. Start one where the suite's servers run: \`tdo worker --queue ${parseQueueAddress(redis.url).shown} --suite lab\``,
      ]);
      worker = startEpisodeWorker({
        address: parseQueueAddress(redis.url),
        concurrency: 1,
        suites: new ServedSuites([loaded]),
        buildAgent: () => new SimAgent(),
      });
      const report = await run;
      expect(report.status).toBe('completed');
      expect(notices).toHaveLength(1);
    } finally {
      await worker?.close();
      await queue.close();
    }
  });
});
