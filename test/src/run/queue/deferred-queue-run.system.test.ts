import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimAgent } from '../../../../src/agents/sim/agent.ts';
import { TOOL_SEARCH_STEP_MODEL } from '../../../../src/host/tool-search-session.ts';
import { EpisodeQueue } from '../../../../src/run/queue/episode-queue.ts';
import { startEpisodeWorker } from '../../../../src/run/queue/episode-worker.ts';
import { parseQueueAddress } from '../../../../src/run/queue/queue-address.ts';
import { ServedSuites } from '../../../../src/run/queue/served-suites.ts';
import { runSuite, type RunOptions } from '../../../../src/run/run-suite.ts';
import type { TraceStore } from '../../../../traces/index.ts';
import { labSuite, tempStore } from '../../../support/lab-runs.ts';
import { redisMissing, startRedis, type RedisServer } from '../../../support/redis-server.ts';

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);

/** Per task: each search (its query and results) and each call, in order. */
function searchesByTask(store: TraceStore, runId: string) {
  return Object.fromEntries(
    store
      .listEpisodes({ runId })
      .map((e): [string, unknown[][]] => [
        e.taskId,
        store.getTrajectory(e.id)!.steps.flatMap((s) => {
          if (s.kind === 'tool') return [['call', s.server, s.tool]];
          return s.model === TOOL_SEARCH_STEP_MODEL ? [['search', s.input, s.output]] : [];
        }),
      ])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

describe.skipIf(missing !== undefined)('a deferred-loading run on queue workers', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('gives each job the mode: the workers search and call as the in-process run does', async () => {
    const options: RunOptions = { split: 'val', repeats: 1, seed: 1, concurrency: 2, versionIds: [], toolSearch: { mode: 'bm25', k: 2 } };
    const inProcess = tempStore();
    const local = await runSuite({ store: inProcess, loaded: labSuite(), agent: new SimAgent(), options });
    const worker = startEpisodeWorker({
      address: parseQueueAddress(redis.url),
      concurrency: 2,
      suites: new ServedSuites([labSuite()]),
      buildAgent: () => new SimAgent(),
    });
    const queue = await EpisodeQueue.open(parseQueueAddress(redis.url));
    const queued = tempStore();
    try {
      const remote = await runSuite({ store: queued, loaded: labSuite(), agent: new SimAgent(), options, executor: queue.executor });
      expect(remote.status).toBe('completed');
      const expected = searchesByTask(inProcess, local.runId);
      expect(Object.values(expected).every((steps) => steps[0]?.[0] === 'search')).toBe(true);
      expect(searchesByTask(queued, remote.runId)).toEqual(expected);
    } finally {
      await queue.close();
      await worker.close();
      inProcess.close();
      queued.close();
    }
  }, 120_000);
});
