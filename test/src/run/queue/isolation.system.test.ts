// Episodes of a stateful server isolated per episode run on a queue worker as they run in-process: the worker keeps
// its suite host between jobs, but every episode still gets a fresh server process and folder.
import { describe, expect, it } from 'vitest';
import { SimAgent } from '../../../../src/agents/sim/agent.ts';
import { runSuite } from '../../../../src/run/run-suite.ts';
import { EpisodeQueue } from '../../../../src/run/queue/episode-queue.ts';
import { startEpisodeWorker } from '../../../../src/run/queue/episode-worker.ts';
import { ServedSuites } from '../../../../src/run/queue/served-suites.ts';
import { parseQueueAddress } from '../../../../src/run/queue/queue-address.ts';
import { loadSuite } from '../../../../src/suite/load.ts';
import { tempStore } from '../../../support/lab-runs.ts';
import { notesFileOf, writeNotesSuite } from '../../../support/notes-suite.ts';
import { redisMissing, startRedis } from '../../../support/redis-server.ts';

describe.skipIf(redisMissing() !== undefined)('a stateful server on a queue worker', () => {
  it('gives every episode a fresh server with ${EPISODE_DIR}, where without it the repeats find the note made', async () => {
    const redis = await startRedis();
    const queue = await EpisodeQueue.open(parseQueueAddress(redis.url));
    try {
      const successes = async (server: Record<string, unknown>) => {
        const loaded = loadSuite(writeNotesSuite(server).path);
        const worker = startEpisodeWorker({
          address: parseQueueAddress(redis.url),
          concurrency: 1,
          suites: new ServedSuites([loaded]),
          buildAgent: () => new SimAgent(),
        });
        const store = tempStore();
        try {
          const report = await runSuite({
            store,
            loaded,
            agent: new SimAgent(),
            options: { split: 'val', repeats: 3, seed: 1, concurrency: 1, versionIds: [] },
            executor: queue.executor,
          });
          expect(report.errors.errors).toBe(0);
          const outputs = store.listEpisodes({ runId: report.runId }).map((e) => store.getTrajectory(e.id)!.steps.find((s) => s.kind === 'tool')!);
          return { successes: report.success.successes, files: new Set(outputs.map((s) => ('output' in s ? notesFileOf(s.output) : undefined))) };
        } finally {
          await worker.close();
          store.close();
        }
      };
      const isolated = await successes({ env: { NOTES_DIR: '${EPISODE_DIR}' } });
      expect(isolated.successes).toBe(3);
      expect(isolated.files.size).toBe(3);
      expect((await successes({})).successes).toBe(1);
    } finally {
      await queue.close();
      await redis.stop();
    }
  });
});
