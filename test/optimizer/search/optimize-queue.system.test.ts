// An optimize run whose evaluations run on queue workers through a real Redis makes the search the
// in-process run makes with the same seed; a queue lost mid-search stops it as an outage, and a resume
// once Redis is back ends where the uninterrupted search ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optimize, type OptimizeReport, type OptimizeSettings } from '../../../optimizer/search/optimize.ts';
import { SimProposer } from '../../../optimizer/proposers/sim/proposer.ts';
import { SimAgent } from '../../../src/agents/sim/agent.ts';
import type { EpisodeExecutor } from '../../../src/run/episode-executor.ts';
import { queuedEpisodeId } from '../../../src/run/queue/episode-job.ts';
import { EpisodeQueue } from '../../../src/run/queue/episode-queue.ts';
import { startEpisodeWorker } from '../../../src/run/queue/episode-worker.ts';
import { ServedSuites } from '../../../src/run/queue/served-suites.ts';
import { parseQueueAddress } from '../../../src/run/queue/queue-address.ts';
import type { TraceStore } from '../../../traces/index.ts';
import { labSuite, tempStore } from '../../support/lab-runs.ts';
import { redisMissing, startRedis, type RedisServer } from '../../support/redis-server.ts';
import { labSearchSettings } from '../../support/search-settings.ts';

const missing = redisMissing();
if (missing !== undefined) console.warn(missing);

const settings: OptimizeSettings = labSearchSettings({ budget: 40, randomSeed: 1 });

const search = (store: TraceStore, extra: Partial<Parameters<typeof optimize>[0]> = {}) =>
  optimize({ store, loaded: labSuite(), agent: new SimAgent(), proposer: new SimProposer(), settings, reportTest: false, ...extra });

/** Per evaluation and task: the verdict and the target's score the episode was committed with. */
function resultsByEvaluation(store: TraceStore, runId: string) {
  return store
    .listEpisodes({ runId })
    .map((e) => {
      const scores = store.getTrajectory(e.id)!.scores.filter((s) => s.name === 'optimizer_success');
      return { evaluation: e.repeatIndex, task: e.taskId, status: e.status, success: e.success, target: scores.map((s) => s.value) };
    })
    .sort((a, b) => a.evaluation - b.evaluation || a.task.localeCompare(b.task));
}

/** What the search decided: each candidate's validation scores, each proposal's verdict, the winner. */
function decisions(store: TraceStore, report: OptimizeReport) {
  return {
    candidates: store.listCandidates(report.runId).map((c) => [c.candidate, c.candidateHash, c.valScores]),
    proposals: store.listProposals(report.runId).map((p) => [p.iteration, p.minibatch, p.accepted]),
    best: report.best.descriptions,
    val: report.best.val,
    budgetUsed: report.budgetUsed,
    iterations: report.iterations,
  };
}

function localWorker(url: string, name: string) {
  const loaded = labSuite();
  return startEpisodeWorker({ address: parseQueueAddress(url), concurrency: 3, name, suites: new ServedSuites([loaded]), buildAgent: () => new SimAgent() });
}

describe.skipIf(missing !== undefined)('optimize on queue workers', () => {
  let redis: RedisServer;
  let inProcess: TraceStore;
  let local: OptimizeReport;
  beforeAll(async () => {
    redis = await startRedis();
    inProcess = tempStore();
    local = await search(inProcess);
  }, 120_000);
  afterAll(async () => {
    inProcess?.close();
    await redis?.stop();
  });

  it(
    'two workers make the same search as the in-process run with the same seed: the same per-task results, the same winner',
    { timeout: 120_000 },
    async () => {
      const workers = ['w1', 'w2'].map((name) => localWorker(redis.url, name));
      const queue = await EpisodeQueue.open(parseQueueAddress(redis.url));
      const queued = tempStore();
      try {
        const remote = await search(queued, { executor: queue.executor });
        expect(remote.status).toBe('completed');
        expect(local.iterations).toBeGreaterThan(0);
        expect(resultsByEvaluation(queued, remote.runId)).toEqual(resultsByEvaluation(inProcess, local.runId));
        expect(decisions(queued, remote)).toEqual(decisions(inProcess, local));
        // the workers ran them (a queued episode has its job's id), each scored by the target exactly once
        const episodes = queued.listEpisodes({ runId: remote.runId });
        expect(episodes).toHaveLength(remote.budgetUsed);
        for (const e of episodes) expect(e.id).toBe(queuedEpisodeId(remote.runId, e.taskId, e.repeatIndex));
        for (const r of resultsByEvaluation(queued, remote.runId)) expect(r.target).toHaveLength(1);
      } finally {
        await queue.close();
        await Promise.all(workers.map((w) => w.close()));
        queued.close();
      }
    },
  );

  it(
    'Redis lost mid-search: an outage that names the queue; --resume once it is back ends where the uninterrupted search ends',
    { timeout: 120_000 },
    async () => {
      const own = await startRedis();
      const worker = localWorker(own.url, 'steady');
      const store = tempStore();
      let restarted: RedisServer | undefined;
      try {
        const first = await EpisodeQueue.open(parseQueueAddress(own.url));
        let arrived = 0;
        // The queue's executor, with Redis stopped once 30 episodes came back (the seed's validation is 22).
        const losing: EpisodeExecutor = (batch) =>
          first.executor({
            ...batch,
            onOutcome: (outcome) => {
              batch.onOutcome(outcome);
              if (++arrived === 30) void own.stop();
            },
          });
        const lost = await search(store, { executor: losing }).catch((err: unknown) => err);
        await first.close();
        expect(lost).toMatchObject({ kind: 'infrastructure' });
        expect((lost as Error).message).toMatch(new RegExp(`lost the episode queue at redis://127\\.0\\.0\\.1:${own.port}/0.*tdo optimize --resume r-`));
        const [run] = store.listRuns(10);
        expect(run!.status).not.toBe('completed');
        expect(store.listEpisodes({ runId: run!.id }).length).toBeLessThan(local.budgetUsed);

        restarted = await startRedis(own.port);
        const second = await EpisodeQueue.open(parseQueueAddress(own.url));
        try {
          const resumed = await search(store, { executor: second.executor, resumeRunId: run!.id });
          expect(resumed.status).toBe('completed');
          expect(decisions(store, resumed)).toEqual(decisions(inProcess, local));
        } finally {
          await second.close();
        }
      } finally {
        await worker.close();
        await restarted?.stop();
        await own.stop();
        store.close();
      }
    },
  );
});
