import { spawn } from 'node:child_process';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimAgent } from '../../../../src/agents/sim/agent.ts';
import { runSuite, type RunOptions } from '../../../../src/run/run-suite.ts';
import { EpisodeQueue } from '../../../../src/run/queue/episode-queue.ts';
import { startEpisodeWorker } from '../../../../src/run/queue/episode-worker.ts';
import { ServedSuites } from '../../../../src/run/queue/served-suites.ts';
import { EPISODE_QUEUE } from '../../../../src/run/queue/episode-job.ts';
import { parseQueueAddress } from '../../../../src/run/queue/queue-address.ts';
import type { TraceStore } from '../../../../traces/index.ts';
import { labSuite, TDO_BIN, tempStore } from '../../../support/lab-runs.ts';
import { freePort, redisMissing, startRedis, type RedisServer } from '../../../support/redis-server.ts';

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);

/** Per task: did it succeed, and which tools were called with what: what must not depend on where it ran. */
function resultsByTask(store: TraceStore, runId: string) {
  return Object.fromEntries(
    store
      .listEpisodes({ runId })
      .map(
        (e) =>
          [
            e.taskId,
            {
              status: e.status,
              success: e.success,
              calls: store
                .getTrajectory(e.id)!
                .steps.filter((s) => s.kind === 'tool')
                .map((s) => [s.server, s.tool, s.args]),
            },
          ] as const,
      )
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function localWorker(url: string, name: string, lockDurationMs = 30_000) {
  const loaded = labSuite();
  return startEpisodeWorker({
    address: parseQueueAddress(url),
    concurrency: 2,
    name,
    lockDurationMs,
    suites: new ServedSuites([loaded]),
    buildAgent: () => new SimAgent(),
  });
}

describe.skipIf(missing !== undefined)('episodes on queue workers', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('three workers give the same per-task results and success rate as the in-process run with the same seed', async () => {
    const options: RunOptions = { split: 'all', repeats: 1, seed: 3, concurrency: 4, versionIds: [] };
    const inProcess = tempStore();
    const local = await runSuite({ store: inProcess, loaded: labSuite(), agent: new SimAgent(), options });

    const workers = ['w1', 'w2', 'w3'].map((name) => localWorker(redis.url, name));
    const queue = await EpisodeQueue.open(parseQueueAddress(redis.url));
    const queued = tempStore();
    let arrived = 0;
    try {
      const remote = await runSuite({
        store: queued,
        loaded: labSuite(),
        agent: new SimAgent(),
        options,
        executor: queue.executor,
        onEpisode: () => arrived++,
      });
      expect(remote.status).toBe('completed');
      expect(remote.episodes).toBe(local.episodes);
      expect(arrived).toBe(remote.planned);
      expect(remote.success.rate).toBe(local.success.rate);
      expect(remote.callsByTool).toEqual(local.callsByTool);
      expect(resultsByTask(queued, remote.runId)).toEqual(resultsByTask(inProcess, local.runId));
      // Each episode's scores came along: the same totals as in-process.
      expect(remote.scoreTotals).toEqual(local.scoreTotals);
    } finally {
      await queue.close();
      await Promise.all(workers.map((w) => w.close()));
      inProcess.close();
      queued.close();
    }
  });

  it('a worker killed mid-episode: its jobs go to another worker and every episode is recorded once', { timeout: 300_000 }, async () => {
    const options: RunOptions = { split: 'val', repeats: 1, seed: 5, concurrency: 4, versionIds: [] };
    // A real `tdo worker` process, alone on the queue until it is killed, so it surely holds jobs then.
    const doomed = spawn(
      process.execPath,
      [TDO_BIN, 'worker', '--queue', redis.url, '--suite', 'lab', '--name', 'doomed', '--concurrency', '2', '--lock-duration', '1000'],
      {
        stdio: 'ignore',
      },
    );
    const connection = { host: '127.0.0.1', port: redis.port };
    const observer = new Queue(EPISODE_QUEUE, { connection });
    // Events, not polling: a poll can miss a worker that finishes its jobs between two looks, and then wait forever.
    const events = new QueueEvents(EPISODE_QUEUE, { connection });
    await events.waitUntilReady();
    const queue = await EpisodeQueue.open(parseQueueAddress(redis.url));
    const store = tempStore();
    let survivor: ReturnType<typeof localWorker> | undefined;
    const killed: string[] = [];
    const killWhenBusy = new Promise<void>((resolve, reject) => {
      doomed.once('exit', (code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`the doomed worker exited by itself (code ${code}) before it was killed`));
      });
      // The doomed worker is alone on the queue, so the first job to go active is one it holds.
      events.once('active', () => {
        doomed.kill('SIGKILL');
        doomed.once('exit', () => {
          void observer.getActive().then((active) => {
            // Jobs it held when it died stay active until their locks lapse.
            killed.push(...active.filter((j) => j.processedBy === 'doomed').map((j) => j.id!));
            // Only now a worker that can take the killed worker's jobs once their locks lapse.
            survivor = localWorker(redis.url, 'survivor', 1000);
            resolve();
          }, reject);
        });
      });
    });
    try {
      // Together, so a worker that dies by itself fails the test at once instead of leaving the run waiting.
      const [report] = await Promise.all([runSuite({ store, loaded: labSuite(), agent: new SimAgent(), options, executor: queue.executor }), killWhenBusy]);
      expect(killed.length).toBeGreaterThan(0);
      expect(report.status).toBe('completed');
      expect(report.errors.errors).toBe(0);
      const episodes = store.listEpisodes({ runId: report.runId });
      expect(episodes).toHaveLength(report.planned);
      expect(new Set(episodes.map((e) => e.taskId)).size).toBe(report.planned);
      for (const id of killed) expect(episodes.find((e) => e.id === id)?.status).toBe('completed');
      // No step recorded twice: an episode's tool steps are exactly its tool calls, numbered 0..n-1.
      for (const e of episodes) {
        const steps = store.getTrajectory(e.id)!.steps;
        expect(steps.map((s) => s.seq)).toEqual(steps.map((_, i) => i));
      }
    } finally {
      doomed.kill('SIGKILL');
      await queue.close();
      await observer.close();
      await events.close();
      await survivor?.close();
      store.close();
    }
  });

  it('a worker refuses a job whose suite differs from its own, and the run fails naming why', async () => {
    const loaded = labSuite();
    const other = { ...loaded, suite: { ...loaded.suite, systemPrompt: `${loaded.suite.systemPrompt} (edited)` } };
    const worker = startEpisodeWorker({
      address: parseQueueAddress(redis.url),
      concurrency: 2,
      suites: new ServedSuites([other]),
      buildAgent: () => new SimAgent(),
    });
    const queue = await EpisodeQueue.open(parseQueueAddress(redis.url));
    const store = tempStore();
    try {
      const report = await runSuite({
        store,
        loaded: labSuite({ taskIds: ['tile-count'] }),
        agent: new SimAgent(),
        options: { split: 'all', repeats: 1, seed: 0, concurrency: 1, versionIds: [] },
        executor: queue.executor,
      });
      expect(report.status).toBe('failed');
      expect(report.errors.causes.map((c) => c.cause).join('\n')).toMatch(/refused episode .*differs from the coordinator's/);
    } finally {
      await queue.close();
      await worker.close();
      store.close();
    }
  });

  it('Redis lost mid-run: the run stops as interrupted, and --resume finishes it once Redis is back', async () => {
    const own = await startRedis();
    const worker = localWorker(own.url, 'steady');
    const store = tempStore();
    const options: RunOptions = { split: 'val', repeats: 1, seed: 2, concurrency: 4, versionIds: [] };
    let restarted: RedisServer | undefined;
    try {
      const first = await EpisodeQueue.open(parseQueueAddress(own.url));
      let arrived = 0;
      const report = await runSuite({
        store,
        loaded: labSuite(),
        agent: new SimAgent(),
        options,
        executor: first.executor,
        onEpisode: () => {
          if (++arrived === 2) void own.stop();
        },
      });
      await first.close();
      expect(report.status).toBe('interrupted');
      expect(report.interruptedBy).toMatch(new RegExp(`lost the episode queue at redis://127\\.0\\.0\\.1:${own.port}/0`));
      expect(report.episodes).toBeLessThan(report.planned);

      restarted = await startRedis(own.port);
      const second = await EpisodeQueue.open(parseQueueAddress(own.url));
      try {
        const resumed = await runSuite({ store, loaded: labSuite(), agent: new SimAgent(), options, resumeRunId: report.runId, executor: second.executor });
        expect(resumed.status).toBe('completed');
        expect(resumed.episodes).toBe(resumed.planned);
        expect(resumed.errors.errors).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      await worker.close();
      await restarted?.stop();
      await own.stop();
      store.close();
    }
  });

  it('an unreachable Redis is refused at start, naming the URL and the cause', async () => {
    const port = await freePort();
    await expect(EpisodeQueue.open(parseQueueAddress(`redis://127.0.0.1:${port}`))).rejects.toThrow(
      new RegExp(`cannot reach the episode queue at redis://127\\.0\\.0\\.1:${port}/0: .*ECONNREFUSED`),
    );
    await expect(EpisodeQueue.open(parseQueueAddress(`redis://127.0.0.1:${port}`))).rejects.toMatchObject({ kind: 'infrastructure' });
  });
});
