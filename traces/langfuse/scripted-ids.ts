import { RandomIdGenerator, type IdGenerator } from '@opentelemetry/sdk-trace-base';

export interface SpanIds {
  /** Used only when the span starts a trace; a child span inherits its parent's trace id. */
  traceId?: string;
  spanId: string;
}

/**
 * An OpenTelemetry id generator that hands the next span the ids we choose, so spans rebuilt from
 * SQLite keep the ids they had the first time. Spans started outside `withIds` get random ids.
 */
export class ScriptedIdGenerator implements IdGenerator {
  private planned: SpanIds | undefined;
  private readonly random = new RandomIdGenerator();

  /** Runs `start` (which must start exactly one span, synchronously) with `ids` planned for that span. */
  withIds<T>(ids: SpanIds, start: () => T): T {
    this.planned = ids;
    try {
      return start();
    } finally {
      this.planned = undefined;
    }
  }

  generateTraceId(): string {
    return this.planned?.traceId ?? this.random.generateTraceId();
  }

  generateSpanId(): string {
    return this.planned?.spanId ?? this.random.generateSpanId();
  }
}
