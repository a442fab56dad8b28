import { Job, Queue, QueueEvents, type QueueEventsOptions } from 'bullmq';
import { contentHash, type EpisodeRecord } from '../../../traces/index.ts';
import { agentConfigSchema, agentKind } from '../../agents/kinds/agent-kinds.ts';
import type { Task } from '../../suite/schema.ts';
import type { EpisodeOutcome } from '../episode.ts';
import { finishedEpisode } from '../episode-outcome.ts';
import type { EpisodeBatch, EpisodeExecutor, PlannedEpisode } from '../episode-executor.ts';
import { EPISODE_QUEUE, episodeJobResultSchema, queuedEpisodeId, type EpisodeJob } from './episode-job.ts';
import { connectionOptions, type QueueAddress } from './queue-address.ts';
import { closeNow, quietAfterClose } from './quiet-after-close.ts';
import { suiteHash } from './suite-hash.ts';
import { infrastructureError } from '../../errors.ts';

/** How often a coordinator waiting for results checks whether it was asked to stop (Ctrl-C). */
const STOP_CHECK_MS = 200;

/** How often a coordinator with episodes in the queue looks for a live worker and for results it heard nothing of. */
const DEFAULT_WATCH_MS = 5_000;

/** How long a coordinator waits for Redis to answer when it connects: a server that takes the connection and never answers is not one. */
const DEFAULT_OPEN_TIMEOUT_MS = 10_000;

export interface EpisodeQueueOptions {
  /** how long to wait for Redis to answer when connecting (default 10 s) */
  openTimeoutMs?: number;
  /** how often to look for live workers and missed results (default 5 s) */
  watchMs?: number;
  /** What the user should know while the run waits (no worker takes its episodes); the run goes on waiting. */
  onNotice?(text: string): void;
}

/**
 * The coordinator's side of the queue: it adds a run's episodes as jobs, commits each episode a worker
 * returns into the run's store in one transaction, and removes the job only then, so a result that
 * arrives while no coordinator listens waits in Redis for the next `--resume`.
 */
export class EpisodeQueue {
  private constructor(
    readonly address: QueueAddress,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    /** resolves with the cause once the connection to Redis is gone for good */
    private readonly lost: Promise<string>,
    private readonly waiters: ResultWaiters,
    private readonly options: EpisodeQueueOptions,
  ) {}

  static async open(address: QueueAddress, options: EpisodeQueueOptions = {}): Promise<EpisodeQueue> {
    const connection = connectionOptions(address, { persistent: false });
    const queue = quietAfterClose(new Queue(EPISODE_QUEUE, { connection }));
    let lastError: unknown;
    const noteError = (err: unknown) => {
      lastError = err;
    };
    queue.on('error', noteError);
    // Not reading yet: it starts where the stream ends once both connections are up (lastEventId).
    const events = quietAfterClose(new QueueEvents(EPISODE_QUEUE, { connection, autorun: false }));
    events.on('error', noteError);
    try {
      // Both at once: either failing for good fails the open, rather than one waiting on the other.
      await withinTime(Promise.all([queue.waitUntilReady(), events.waitUntilReady()]), options.openTimeoutMs ?? DEFAULT_OPEN_TIMEOUT_MS);
      (events.opts as QueueEventsOptions).lastEventId = await lastEventId(queue);
    } catch (err) {
      await Promise.all([closeNow(queue), closeNow(events)]);
      throw infrastructureError(`cannot reach the episode queue at ${address.shown}: ${causeOf(err)}`);
    }
    void events.run().catch(noteError);
    const waiters = new ResultWaiters(events);
    const clients = await Promise.all([queue.client, events.client]);
    const lost = new Promise<string>((resolve) => {
      for (const client of clients)
        client.once('end', () => resolve(`lost the episode queue at ${address.shown}: ${causeOf(lastError ?? new Error('connection closed'))}`));
    });
    return new EpisodeQueue(address, queue, events, lost, waiters, options);
  }

  /** Runs a batch through the queue's workers; a lost connection interrupts the run instead of failing it. */
  readonly executor: EpisodeExecutor = async (batch) => {
    const state = { finished: false };
    const cause = await Promise.race([this.lost, this.runBatch(batch, state).then(() => undefined)]);
    // Nothing arriving later is recorded: the run has moved on (and may have released its store).
    state.finished = true;
    return cause === undefined ? {} : { interruptedBy: cause };
  };

  async close(): Promise<void> {
    this.waiters.abandon('the episode queue was closed');
    await Promise.allSettled([this.queue.close(), this.events.close()]);
  }

  private async runBatch(batch: EpisodeBatch, state: { finished: boolean }): Promise<void> {
    const jobs = batch.todo.map((planned) => jobOf(batch, planned));
    const taskOf = new Map(batch.todo.map((planned) => [planned.task.id, planned.task]));
    // A job id already in the queue (a result no coordinator collected yet) is kept as it is.
    await this.queue.addBulk(jobs.map((data) => ({ name: 'episode', data, opts: { jobId: data.episodeId } })));
    const unsettled = new Set(jobs.map((j) => j.episodeId));
    const watch = this.watch(batch, unsettled);
    await new Promise<void>((resolve, reject) => {
      const finish = () => {
        if (state.finished) return;
        state.finished = true;
        clearInterval(stopCheck);
        clearInterval(watch);
        // Episodes not started yet are taken back; a resume adds them again.
        Promise.allSettled([...unsettled].map((id) => this.queue.remove(id))).then(() => resolve(), reject);
      };
      const stopCheck = setInterval(() => {
        // The executor gave up on the batch (the queue was lost): stop checking, or the timer keeps the process alive.
        if (state.finished) {
          clearInterval(stopCheck);
          clearInterval(watch);
          resolve();
        } else if (batch.shouldStop()) finish();
      }, STOP_CHECK_MS);
      if (jobs.length === 0) finish();
      for (const data of jobs) {
        this.waitForResult(data.episodeId)
          .then(
            (value) => (state.finished ? undefined : this.settle(batch, data, taskOf.get(data.taskId)!, recordOf(data, value))),
            (err: unknown) =>
              state.finished
                ? undefined
                : this.settle(batch, data, taskOf.get(data.taskId)!, failedRecord(data, `the job failed on the queue: ${causeOf(err)}`)),
          )
          .then(() => {
            unsettled.delete(data.episodeId);
            if (unsettled.size === 0 || batch.shouldStop()) finish();
          })
          .catch((err: unknown) => {
            state.finished = true;
            clearInterval(stopCheck);
            clearInterval(watch);
            reject(err);
          });
      }
    });
  }

  /**
   * What the worker returned for a job. Not BullMQ's `Job.waitUntilFinished`: when the connection drops
   * during its first look at the job, that rejects a promise no caller can handle, and the process dies.
   */
  private waitForResult(jobId: string): Promise<unknown> {
    const result = this.waiters.waitFor(jobId);
    // A job that finished before the coordinator listened sends no event: look at it once.
    this.lookAt(jobId);
    return result;
  }

  /**
   * Settles a job's waiter from the job itself when it has finished: its state is read before its fields (a job
   * read first could finish between the two reads, and would then look finished with no result).
   */
  private lookAt(jobId: string): void {
    this.queue
      .getJobState(jobId)
      .then(async (state) => {
        if (state === 'unknown') return this.waiters.fail(jobId, `job ${jobId} is no longer in the queue`);
        if (state !== 'completed' && state !== 'failed') return;
        const job = await Job.fromId(this.queue, jobId);
        if (job === undefined) this.waiters.fail(jobId, `job ${jobId} is no longer in the queue`);
        else if (state === 'completed') this.waiters.complete(jobId, job.returnvalue);
        else this.waiters.fail(jobId, job.failedReason);
      })
      .catch((err: unknown) => this.waiters.fail(jobId, causeOf(err)));
  }

  /**
   * While a batch waits: says when no worker is connected to take its episodes (once, until one is), and
   * collects the finished jobs whose event never came (the events stream is trimmed, a read was cut off).
   */
  private watch(batch: EpisodeBatch, unsettled: ReadonlySet<string>): NodeJS.Timeout {
    let noticed = false;
    const look = async () => {
      const [workers, finished] = await Promise.all([
        // A Redis that refuses CLIENT LIST (a managed one may) cannot tell: no notice, and the results are still collected.
        this.queue.getWorkersCount().catch(() => undefined),
        this.queue.getRanges(['completed', 'failed'], 0, -1),
      ]);
      for (const jobId of finished) if (this.waiters.isWaiting(jobId)) this.lookAt(jobId);
      if (workers === undefined || workers > 0 || unsettled.size === 0) noticed = false;
      else if (!noticed) {
        noticed = true;
        this.options.onNotice?.(noWorkerNotice(this.address, batch));
      }
    };
    // A failed look (Redis going away) is the lost connection's to report.
    return setInterval(() => void look().catch(() => undefined), this.options.watchMs ?? DEFAULT_WATCH_MS);
  }

  /**
   * Records one episode (once: a duplicate of a recorded one writes nothing) with the batch's extra scores
   * in the same transaction, then drops its job.
   */
  private async settle(batch: EpisodeBatch, data: EpisodeJob, task: Task, record: EpisodeRecord): Promise<void> {
    const { store } = batch;
    const recorded = store.atomically(() => {
      if (!store.commitEpisode(record)) return false;
      if (record.result.status === 'completed') for (const score of batch.scoreAlso?.(record.episode.id, task) ?? []) store.addScore(record.episode.id, score);
      return true;
    });
    await this.queue.remove(data.episodeId).catch(() => undefined);
    if (recorded) batch.onOutcome(outcomeOf(record));
  }
}

/** The jobs a coordinator waits on, settled from one pair of queue-event listeners rather than two per job. */
class ResultWaiters {
  private readonly pending = new Map<string, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();

  constructor(events: QueueEvents) {
    events.on('completed', ({ jobId, returnvalue }) => this.complete(jobId, returnvalue));
    events.on('failed', ({ jobId, failedReason }) => this.fail(jobId, failedReason));
  }

  isWaiting(jobId: string): boolean {
    return this.pending.has(jobId);
  }

  waitFor(jobId: string): Promise<unknown> {
    return new Promise((resolve, reject) => this.pending.set(jobId, { resolve, reject }));
  }

  complete(jobId: string, value: unknown): void {
    this.pending.get(jobId)?.resolve(value);
    this.pending.delete(jobId);
  }

  fail(jobId: string, reason: string): void {
    this.pending.get(jobId)?.reject(new Error(reason));
    this.pending.delete(jobId);
  }

  abandon(reason: string): void {
    for (const jobId of [...this.pending.keys()]) this.fail(jobId, reason);
  }
}

/**
 * Where the events stream ends now: a reader that starts there misses nothing that follows, where BullMQ's
 * default ('$', the end at each read until one returns an event) loses what arrives between two reads.
 */
/** The promise's value, or a rejection once `ms` have passed without one (a Redis that never answers). */
async function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s; is a Redis server listening there?`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const LAST_EVENT_ID = 'tdoLastEventId';

async function lastEventId(queue: Queue): Promise<string> {
  const client = await queue.client;
  client.defineCommand(LAST_EVENT_ID, {
    numberOfKeys: 1,
    lua: "local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]; return last and last[1] or '0-0'",
    readOnly: true,
  });
  return String(await client.runCommand(LAST_EVENT_ID, [queue.keys.events]));
}

/** What to start when no worker takes a batch's episodes: a worker serving its suite (and its model). */
function noWorkerNotice(address: QueueAddress, batch: EpisodeBatch): string {
  const agent = agentConfigSchema.safeParse(batch.agentConfig);
  const needs = agent.success ? agentKind(agent.data).workerConfig(agent.data) : undefined;
  const models = needs === undefined ? '' : ` with ${needs} in its tdo.config.json`;
  return (
    `no worker is taking the episodes of ${address.shown}; still waiting. Start one where the suite's servers run: ` +
    `\`tdo worker --queue ${address.shown} --suite ${batch.loaded.suite.name}\`${models}`
  );
}

function jobOf(batch: EpisodeBatch, { task, repeat, randomSeed }: PlannedEpisode): EpisodeJob {
  // A server the batch gives descriptions is checked against those (an optimizer's candidate is no recorded version).
  const hashOf = (server: string, id: string) => {
    const override = batch.overrides[server];
    return override === undefined ? batch.store.getVersion(id)!.contentHash : contentHash(override);
  };
  const versions = Object.fromEntries(Object.entries(batch.versionIds).map(([server, id]) => [server, { id, hash: hashOf(server, id) }]));
  return {
    runId: batch.runId,
    episodeId: queuedEpisodeId(batch.runId, task.id, repeat),
    taskId: task.id,
    split: task.split,
    repeat,
    seed: randomSeed,
    suite: { name: batch.loaded.suite.name, hash: suiteHash(batch.loaded.suite) },
    conditions: batch.conditions,
    agent: batch.agentConfig,
    versions,
    overrides: batch.overrides,
    ...(batch.toolSearch === undefined ? {} : { toolSearch: batch.toolSearch }),
  };
}

/** The episode a worker returned, when it is one and ran the very suite, versions and episode the job named. */
function recordOf(job: EpisodeJob, value: unknown): EpisodeRecord {
  const parsed = episodeJobResultSchema.safeParse(value);
  if (!parsed.success) return failedRecord(job, `the worker returned no episode record (${parsed.error.issues[0]?.message}); is it another tdo version?`);
  const { suiteHash: ranSuite, versions, record } = parsed.data;
  if (ranSuite !== job.suite.hash)
    return failedRecord(
      job,
      `refused the worker's result: it ran another suite "${job.suite.name}" (hash ${ranSuite.slice(0, 12)}, expected ${job.suite.hash.slice(0, 12)})`,
    );
  const otherVersion = Object.entries(job.versions).find(([server, v]) => versions[server]?.hash !== v.hash);
  if (otherVersion !== undefined)
    return failedRecord(job, `refused the worker's result: it ran other descriptions of ${otherVersion[0]} than version ${otherVersion[1].id}`);
  const e = record.episode;
  if (e.id !== job.episodeId || e.runId !== job.runId || e.taskId !== job.taskId || e.repeat !== job.repeat) {
    return failedRecord(
      job,
      `refused the worker's result: it is episode ${e.id} (task ${e.taskId} repeat ${e.repeat} of run ${e.runId}), not the one the job named`,
    );
  }
  return record;
}

/** An episode that produced no result, recorded as an outage with its cause so a resume runs it again. */
function failedRecord(job: EpisodeJob, cause: string): EpisodeRecord {
  const now = new Date().toISOString();
  return {
    episode: { id: job.episodeId, runId: job.runId, taskId: job.taskId, split: job.split, repeat: job.repeat, seed: job.seed, startedAt: now, finishedAt: now },
    result: { status: 'error', answer: null, success: null, feedback: cause, stop: 'error', note: cause },
    steps: [],
    scores: [],
  };
}

/** What a run reports of a recorded episode, as an in-process episode reports it. */
function outcomeOf({ episode, result, steps }: EpisodeRecord): EpisodeOutcome {
  const calls = steps.flatMap((s) => (s.kind === 'tool' ? [s.step] : []));
  return { ...finishedEpisode(episode, result, calls), repeat: episode.repeat, status: result.status };
}

/** A connection error's message (Node reports a refused dual-stack connect as an AggregateError with none). */
function causeOf(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.map(causeOf).join('; ');
  if (err instanceof Error) return err.message || ((err as NodeJS.ErrnoException).code ?? err.name);
  return String(err);
}
