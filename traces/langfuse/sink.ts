// The run's side of Langfuse export: it hands each finished episode (by id; the export worker reads it
// back from SQLite) and each score to a worker thread, which builds the spans and sends them, so a slow,
// absent or failing Langfuse, and the span building itself, neither slow nor break a run.
import { Worker } from 'node:worker_threads';
import type { ScoreInput } from '../types.ts';
import type { LangfuseConfig } from './config.ts';
import type { ExportReply, ExportRequest, ExportWorkerData } from './export-worker.ts';
import type { LangfuseDelivery, LangfuseSinkOptions } from './exporter.ts';

export type { LangfuseDelivery, LangfuseSinkOptions } from './exporter.ts';

const WORKER_ENTRY = new URL('./export-worker-entry.mjs', import.meta.url);

/**
 * How long requests gather before they go to the worker as one message. A message per episode cost the run's
 * thread a structured clone and a wake-up of the worker each; Langfuse sees no difference, its own batches
 * wait up to a second.
 */
const POST_INTERVAL_MS = 20;
/** Requests that make a message go at once, so one stays small. */
const POST_AT_REQUESTS = 1024;

export class LangfuseSink {
  private readonly worker: Worker;
  /** Requests made since the last message, sent to the worker as one message. */
  private outbox: ExportRequest[] = [];
  private postTimer: NodeJS.Timeout | undefined;
  private episodes = 0;
  private scores = 0;
  private exited: string | undefined;
  private closed: Promise<LangfuseDelivery> | undefined;
  /** Resolves once the worker has loaded the SDK and takes requests (they queue until then); rejects if it stopped. */
  readonly ready: Promise<void>;

  private constructor(
    readonly config: LangfuseConfig,
    options: LangfuseSinkOptions,
  ) {
    this.worker = new Worker(WORKER_ENTRY, { workerData: { config, options } satisfies ExportWorkerData });
    this.worker.on('error', (err) => {
      this.exited = err.message;
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', () => resolve());
      this.worker.once('exit', (code) => {
        this.exited ??= `exit code ${code}`;
        reject(new Error(`the Langfuse export worker stopped (${this.exited})`));
      });
    });
    // Once it is up, only close() waits for the worker: a sink left open must not keep the process alive.
    this.ready.then(
      () => {
        if (!this.closed) this.worker.unref();
      },
      () => {},
    );
  }

  /** Starts the export worker; requests made before it is ready wait for it. */
  static open(config: LangfuseConfig, options: LangfuseSinkOptions = {}): LangfuseSink {
    return new LangfuseSink(config, options);
  }

  /**
   * Queues the trace of an episode already committed to the store at `db`, and with `withScores` its
   * scores as stored (a re-export). Never throws; what cannot be read or built is counted at close.
   */
  exportEpisode(db: string, episodeId: string, { withScores = false } = {}): void {
    if (this.request({ kind: 'episode', db, episodeId, withScores })) this.episodes++;
  }

  /** Queues a trace score of the episode. */
  sendScore(episodeId: string, score: ScoreInput): void {
    if (this.request({ kind: 'score', episodeId, score })) this.scores++;
  }

  /** False once the sink is closing: nothing more is taken. */
  private request(request: ExportRequest): boolean {
    if (this.closed) return false;
    this.outbox.push(request);
    if (this.outbox.length >= POST_AT_REQUESTS) this.post();
    else if (this.postTimer === undefined) {
      this.postTimer = setTimeout(() => this.post(), POST_INTERVAL_MS);
      // Like the worker, a pending message must not keep the process alive; close() sends it.
      this.postTimer.unref();
    }
    return true;
  }

  private post(): void {
    clearTimeout(this.postTimer);
    this.postTimer = undefined;
    if (this.outbox.length === 0) return;
    this.worker.postMessage(this.outbox);
    this.outbox = [];
  }

  /**
   * Builds and sends what is still queued, waiting at most `timeoutMs` for Langfuse, and stops the
   * worker. What is not confirmed delivered by then counts as dropped; `tdo traces export --langfuse`
   * can send it again.
   */
  close(timeoutMs: number): Promise<LangfuseDelivery> {
    this.closed ??= this.shutDown(timeoutMs);
    return this.closed;
  }

  private async shutDown(timeoutMs: number): Promise<LangfuseDelivery> {
    this.outbox.push({ kind: 'close', timeoutMs });
    this.post();
    this.worker.ref();
    try {
      return await new Promise<LangfuseDelivery>((resolve) => {
        if (this.exited !== undefined) return resolve(this.lost(this.exited));
        this.worker.on('message', (reply: ExportReply) => {
          if (reply.kind === 'closed') resolve(reply.delivery);
        });
        this.worker.once('exit', () => resolve(this.lost(this.exited ?? 'it stopped')));
      });
    } finally {
      // Requests Langfuse still holds are counted as dropped already; nothing more will come of them.
      await this.worker.terminate();
    }
  }

  /** The worker died with its counts: everything handed to it is reported lost, each episode as one span (its agent span). */
  private lost(why: string): LangfuseDelivery {
    const lastError = `the Langfuse export worker stopped (${why})`;
    return {
      spans: { delivered: 0, dropped: this.episodes, pending: 0, lastError },
      scores: { delivered: 0, dropped: this.scores, pending: 0, lastError },
    };
  }
}

/** `langfuse: N spans delivered, M dropped` plus the scores and, when something was lost, why. */
export function formatDelivery(d: LangfuseDelivery): string {
  const lines = [
    `langfuse: ${d.spans.delivered} spans delivered, ${d.spans.dropped} dropped; ${d.scores.delivered} scores delivered, ${d.scores.dropped} dropped`,
  ];
  for (const [what, counts] of [
    ['spans', d.spans],
    ['scores', d.scores],
  ] as const) {
    if (counts.dropped > 0 && counts.lastError !== undefined) lines.push(`langfuse: ${what}: last error: ${counts.lastError}`);
  }
  return `${lines.join('\n')}\n`;
}
