import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Agent } from '../../agents/agent.ts';
import { advertisedDescriptions } from '../../host/catalogue.ts';
import { contentHash } from '../../../traces/index.ts';
import { runEpisode } from '../episode.ts';
import { episodeInMemory } from '../episode-in-memory.ts';
import { EPISODE_QUEUE, readEpisodeJob, type EpisodeJob, type EpisodeJobResult } from './episode-job.ts';
import { connectionOptions, type QueueAddress } from './queue-address.ts';
import { quietAfterClose } from './quiet-after-close.ts';
import type { ServedSuites } from './served-suites.ts';
import { WorkerHosts } from './worker-hosts.ts';

export interface EpisodeWorkerOptions {
  address: QueueAddress;
  /** episodes in flight on this worker */
  concurrency: number;
  /** Builds the agent a job's settings describe; throws when they are not valid. */
  buildAgent(config: Record<string, unknown>): Agent;
  /** The only suites this worker runs, named by its operator; a job naming any other is refused. */
  suites: ServedSuites;
  /**
   * How long a job stays locked without its worker renewing the lock: a killed worker's episodes go to
   * another worker within about twice this. BullMQ's default is 30 s.
   */
  lockDurationMs?: number;
  /** shown in the queue as the worker that holds a job */
  name?: string;
  onEpisode?(job: EpisodeJob, result: EpisodeJobResult): void;
  /** The queue's own troubles (a lost connection, a lock lost to a restart); the worker goes on. */
  onError?(err: Error): void;
  /** A job this worker refused or could not run, with the cause the coordinator records for it. */
  onJobFailed?(err: Error): void;
}

/** How often a job may be found stalled (its worker gone) and handed to another worker before it fails. */
const MAX_STALLED = 2;

/**
 * Takes episodes from the queue and runs them as `tdo run` would, into an in-memory record the job returns.
 * Stateless between jobs but for the suite hosts and agents it keeps connected.
 */
export function startEpisodeWorker(options: EpisodeWorkerOptions): { worker: Worker; close(): Promise<void> } {
  const hosts = new WorkerHosts();
  const agents = new Map<string, Agent>();
  const agentFor = (config: Record<string, unknown>) => {
    const key = JSON.stringify(config);
    let agent = agents.get(key);
    if (agent === undefined) agents.set(key, (agent = options.buildAgent(config)));
    return agent;
  };

  const run = async (job: Job): Promise<EpisodeJobResult> => {
    const data = readEpisodeJob(job.data);
    if ('refused' in data) throw new UnrecoverableError(`job ${job.id} is not a tdo episode: ${data.refused}`);
    const refuse = (why: string) =>
      new UnrecoverableError(`worker${options.name === undefined ? '' : ` ${options.name}`} refused episode ${data.episodeId}: ${why}`);

    const suite = options.suites.find(data.suite);
    if ('refused' in suite) throw refuse(suite.refused);
    const { loaded, hash } = suite;
    let agent: Agent;
    try {
      agent = agentFor(data.agent);
    } catch (err) {
      throw refuse((err as Error).message);
    }
    const task = loaded.suite.tasks.find((t) => t.id === data.taskId);
    if (task === undefined) throw refuse(`suite "${data.suite.name}" has no task "${data.taskId}"`);

    const { host, headersFor } = await hosts.get(loaded.suite, hash, data.conditions);
    for (const server of host.servers) {
      const expected = data.versions[server.server];
      if (expected === undefined) throw refuse(`the job names no description version for server ${server.server}`);
      const override = data.overrides[server.server];
      const unknownTool = Object.keys(override ?? {}).find((tool) => !server.tools.some((t) => t.name === tool));
      if (unknownTool !== undefined)
        throw refuse(`the job gives a description for ${server.server}/${unknownTool.slice(0, 64)}, a tool the server does not list`);
      const shown = contentHash(override ?? advertisedDescriptions(server));
      if (shown !== expected.hash) {
        throw refuse(
          override === undefined
            ? `server ${server.server} here advertises other descriptions than version ${expected.id} the run uses; run the same server version as the coordinator`
            : `the descriptions sent for server ${server.server} do not hash to version ${expected.id}`,
        );
      }
    }

    const memory = episodeInMemory(data.episodeId);
    await runEpisode(memory.writer, host, agent, {
      runId: data.runId,
      suite: loaded.suite,
      task,
      repeat: data.repeat,
      randomSeed: data.seed,
      catalogue: host.catalogue(data.overrides),
      ...(data.toolSearch === undefined ? {} : { toolSearch: data.toolSearch }),
      ...(headersFor === undefined ? {} : { headersFor }),
    });
    const result = { suiteHash: hash, versions: data.versions, record: memory.record() };
    options.onEpisode?.(data, result);
    return result;
  };

  const lockDuration = options.lockDurationMs ?? 30_000;
  const worker = quietAfterClose(
    new Worker(EPISODE_QUEUE, run, {
      connection: connectionOptions(options.address, { persistent: true }),
      concurrency: options.concurrency,
      lockDuration,
      stalledInterval: lockDuration,
      maxStalledCount: MAX_STALLED,
      ...(options.name === undefined ? {} : { name: options.name }),
    }),
  );
  // Without a listener an 'error' event would throw and end the worker's loop.
  worker.on('error', (err) => options.onError?.(err));
  worker.on('failed', (_job, err) => options.onJobFailed?.(err));
  return {
    worker,
    async close() {
      // BullMQ's graceful close waits for Redis to answer, forever while it is down. A worker that cannot reach it
      // could not report its episodes anyway: it stops at once, and their jobs go to another worker when their locks lapse.
      await worker.close(!(await reachesRedis(worker)));
      await hosts.close();
    },
  };
}

/** Whether the worker's connection to Redis is up now; one that never came up is not. */
async function reachesRedis(worker: Worker): Promise<boolean> {
  // The race is won by the client when the worker has one already, by `undefined` while it is still connecting.
  const client = await Promise.race([worker.client, undefined]).catch(() => undefined);
  return client?.status === 'ready';
}
