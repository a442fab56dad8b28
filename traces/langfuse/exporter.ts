// Builds the OpenTelemetry spans of finished episodes with the Langfuse SDK and sends them, with the
// scores, batched, retried with backoff, bounded in memory and counted. It runs inside the export
// worker (export-worker.ts), so none of this work happens on the thread that runs the episodes.
import { randomUUID } from 'node:crypto';
import { LangfuseClient } from '@langfuse/client';
import { LANGFUSE_SDK_NAME, LANGFUSE_SDK_VERSION } from '@langfuse/core';
import { LangfuseSpanProcessor } from '@langfuse/otel';
import { setLangfuseTracerProvider } from '@langfuse/tracing';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { RunRow, ScoreInput } from '../types.ts';
import type { LangfuseConfig } from './config.ts';
import { DeliveryQueue, type DeliveryCounts, type DeliveryRetryPolicy } from './delivery-queue.ts';
import { emitEpisodeTrace } from './episode-trace.ts';
import { scoreIdFor, traceIdFor } from './ids.ts';
import { ScriptedIdGenerator } from './scripted-ids.ts';
import type { StoredEpisode } from './stored-episodes.ts';

type IngestionEvent = Parameters<LangfuseClient['api']['ingestion']['batch']>[0]['batch'][number];

export interface LangfuseSinkOptions {
  /** Spans or scores per request (by default 100 spans, or SCORE_BATCH_SIZE scores). */
  batchSize?: number;
  flushIntervalMs?: number;
  /** Spans (and, separately, scores) held while Langfuse is unreachable; beyond this they are dropped. */
  maxQueued?: number;
  retry?: DeliveryRetryPolicy;
  /** One request's time limit. */
  requestTimeoutMs?: number;
}

export interface LangfuseDelivery {
  spans: DeliveryCounts;
  scores: DeliveryCounts;
}

const DEFAULTS = {
  batchSize: 100,
  flushIntervalMs: 1000,
  maxQueued: 20_000,
  retry: { retries: 3, initialDelayMs: 500, maxDelayMs: 4000 },
  requestTimeoutMs: 5000,
} satisfies Required<LangfuseSinkOptions>;

/**
 * A score event is a few hundred bytes where a span carries a step's whole input and output: scores go in
 * bigger batches, since each request costs the worker (and Langfuse) about as much as a hundred scores do.
 */
const SCORE_BATCH_SIZE = 500;

/** Hands every span the Langfuse span processor passes on to the delivery queue, which does the sending. */
class QueueingExporter implements SpanExporter {
  constructor(private readonly queue: DeliveryQueue<ReadableSpan>) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    for (const span of spans) this.queue.push(span);
    done({ code: ExportResultCode.SUCCESS });
  }
  async shutdown(): Promise<void> {}
  async forceFlush(): Promise<void> {}
}

/** @langfuse/tracing keeps its tracer provider in thread-global state: make one exporter per thread. */
export class LangfuseExporter {
  private readonly ids = new ScriptedIdGenerator();
  private readonly provider: NodeTracerProvider;
  private readonly otlp: OTLPTraceExporter;
  private readonly spans: DeliveryQueue<ReadableSpan>;
  private readonly scores: DeliveryQueue<IngestionEvent>;
  /** Spans of episodes that could not be read or built (not a network problem); counted as dropped. */
  private unbuilt = 0;
  private buildError: string | undefined;
  private closed: Promise<LangfuseDelivery> | undefined;
  private scoredEpisode: { id: string; traceId: string } | undefined;

  constructor(config: LangfuseConfig, options: LangfuseSinkOptions) {
    const o = { ...DEFAULTS, ...options };
    const auth = `Basic ${Buffer.from(`${config.publicKey}:${config.secretKey}`).toString('base64')}`;
    // Langfuse's OpenTelemetry endpoint, as LangfuseSpanProcessor would address it; we own the exporter
    // so that each batch's fate is known (retried, counted) instead of logged and forgotten.
    this.otlp = new OTLPTraceExporter({
      url: `${config.baseUrl}/api/public/otel/v1/traces`,
      // What the SDK's own exporter sends, and the header that selects Langfuse v4's ingestion path (our
      // observations carry the trace attributes each, as v4 expects): without it a v4 server takes the spans
      // on its legacy path, where they show up minutes later.
      headers: {
        Authorization: auth,
        'x-langfuse-sdk-name': LANGFUSE_SDK_NAME,
        'x-langfuse-sdk-version': LANGFUSE_SDK_VERSION,
        'x-langfuse-public-key': config.publicKey,
        'x-langfuse-ingestion-version': '4',
      },
      timeoutMillis: o.requestTimeoutMs,
    });
    const queueOptions = { batchSize: o.batchSize, flushIntervalMs: o.flushIntervalMs, maxQueued: o.maxQueued, retry: o.retry };
    this.spans = new DeliveryQueue<ReadableSpan>({
      ...queueOptions,
      send: (batch) =>
        new Promise((resolve, reject) => {
          this.otlp.export(batch, (result) =>
            result.code === ExportResultCode.SUCCESS ? resolve({ refused: 0 }) : reject(result.error ?? new Error('span export failed')),
          );
        }),
    });
    const client = new LangfuseClient({ ...config, timeout: o.requestTimeoutMs / 1000 });
    this.scores = new DeliveryQueue<IngestionEvent>({
      ...queueOptions,
      batchSize: options.batchSize ?? SCORE_BATCH_SIZE,
      send: async (batch, signal) => {
        // maxRetries 0: this queue does the retrying, with its own bound and accounting.
        const response = await client.api.ingestion.batch({ batch }, { maxRetries: 0, timeoutInSeconds: o.requestTimeoutMs / 1000, abortSignal: signal });
        return { refused: response.errors.length };
      },
    });
    this.provider = new NodeTracerProvider({
      idGenerator: this.ids,
      spanProcessors: [
        new LangfuseSpanProcessor({
          ...config,
          exporter: new QueueingExporter(this.spans),
          exportMode: 'immediate', // our queue batches; the processor only prepares spans
          mediaUploadEnabled: false,
          shouldExportSpan: () => true, // this provider carries only our spans
        }),
      ],
    });
    setLangfuseTracerProvider(this.provider);
  }

  /** Queues the trace of a finished episode. Never throws: a failure is counted and reported at close. */
  exportEpisode(run: RunRow, stored: StoredEpisode): void {
    if (this.closed) return;
    try {
      emitEpisodeTrace(this.ids, run, stored);
    } catch (err) {
      this.unbuilt += 1 + stored.steps.length;
      this.buildError = `could not build the trace of episode ${stored.episode.id}: ${(err as Error).message}`;
    }
  }

  /** Counts an episode that could not even be read as one dropped span: its trace has at least its agent span. */
  unreadable(episodeId: string, why: string): void {
    this.unbuilt += 1;
    this.buildError = `could not read episode ${episodeId}: ${why}`;
  }

  /** Queues a trace score of the episode, under an id derived from the episode and the score name. */
  sendScore(episodeId: string, score: ScoreInput): void {
    if (this.closed) return;
    // An episode's scores come one after another: its trace id is derived once for them.
    if (this.scoredEpisode?.id !== episodeId) this.scoredEpisode = { id: episodeId, traceId: traceIdFor(episodeId) };
    this.scores.push({
      id: randomUUID(), // the envelope id only deduplicates one delivery; body.id makes the score idempotent
      type: 'score-create',
      timestamp: new Date().toISOString(),
      body: {
        id: scoreIdFor(episodeId, score.name),
        traceId: this.scoredEpisode.traceId,
        name: score.name,
        value: score.value,
        dataType: 'NUMERIC',
        ...(score.comment === undefined ? {} : { comment: score.comment }),
      },
    });
  }

  /**
   * Sends what is still queued, waiting at most `timeoutMs`, and shuts down. What is not confirmed
   * delivered by then counts as dropped; `tdo traces export --langfuse` can send it again.
   */
  close(timeoutMs: number): Promise<LangfuseDelivery> {
    this.closed ??= this.shutDown(timeoutMs);
    return this.closed;
  }

  private async shutDown(timeoutMs: number): Promise<LangfuseDelivery> {
    try {
      await this.provider.forceFlush(); // local work only: moves ended spans into the queue
      const [spans, scores] = await Promise.all([this.spans.drain(timeoutMs), this.scores.drain(timeoutMs)]);
      const lastError = this.buildError ?? spans.lastError;
      return {
        spans: { ...spans, dropped: spans.dropped + this.unbuilt, ...(lastError === undefined ? {} : { lastError }) },
        scores,
      };
    } finally {
      setLangfuseTracerProvider(null);
      // Not awaited: an unanswered request would hold shutdown until its own timeout.
      this.provider.shutdown().catch(() => {});
      this.otlp.shutdown().catch(() => {});
    }
  }
}
