// A local stand-in for Langfuse: the endpoints tdo's SDK calls, storing what arrives, so tests can
// check the real SDK's real requests. Writes can be made to fail (5xx) or to hang until released.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LangfuseConfig } from '../../traces/langfuse/index.ts';

export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The request's `x-langfuse-*` headers (SDK name and version, public key, ingestion version). */
  langfuseHeaders: Record<string, string>;
  body: unknown;
}

/** One OTLP span with its attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  scope: string;
  attributes: Record<string, unknown>;
}

/** How Langfuse v4 exposes an observation (observations API v2), built from the spans received. */
export interface StoredObservation {
  id: string;
  traceId: string;
  projectId: string;
  parentObservationId: string | null;
  type: string;
  name: string;
  startTime: string;
  endTime: string;
  level: string;
  statusMessage: string | null;
  input: string | null;
  output: string | null;
  metadata: Record<string, unknown>;
  model: string | null;
  usageDetails: Record<string, number>;
  costDetails: Record<string, number>;
  sessionId: string | null;
  traceName: string | null;
  traceTags: string[];
}

export interface StoredScore {
  id: string;
  traceId: string;
  name: string;
  value: number;
  comment: string | null;
  dataType: string;
  timestamp: string;
}

/** ok: answer writes; fail: answer writes with this HTTP status; hold: keep write requests waiting until release(). */
export type ReceiverMode = { kind: 'ok' } | { kind: 'fail'; status: number } | { kind: 'hold' };

export const RECEIVER_KEYS = { publicKey: 'pk-lf-test', secretKey: 'sk-lf-test' };

type OtlpValue = { stringValue?: string; boolValue?: boolean; intValue?: string | number; doubleValue?: number; arrayValue?: { values?: OtlpValue[] } };

function plain(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(plain);
  return undefined;
}

function isoFromNanos(nanos: string): string {
  return new Date(Number(BigInt(nanos) / 1_000_000n)).toISOString();
}

function observationFrom(span: ReceivedSpan): StoredObservation {
  const a = span.attributes;
  const prefix = 'langfuse.observation.metadata.';
  const usage = a['langfuse.observation.usage_details'];
  const cost = a['langfuse.observation.cost_details'];
  return {
    id: span.spanId,
    traceId: span.traceId,
    projectId: 'test-project',
    parentObservationId: span.parentSpanId ?? null,
    type: String(a['langfuse.observation.type'] ?? 'span').toUpperCase(),
    name: span.name,
    startTime: isoFromNanos(span.startTimeUnixNano),
    endTime: isoFromNanos(span.endTimeUnixNano),
    level: String(a['langfuse.observation.level'] ?? 'DEFAULT'),
    statusMessage: (a['langfuse.observation.status_message'] as string | undefined) ?? null,
    input: (a['langfuse.observation.input'] as string | undefined) ?? null,
    output: (a['langfuse.observation.output'] as string | undefined) ?? null,
    metadata: Object.fromEntries(
      Object.entries(a)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    ),
    model: (a['langfuse.observation.model.name'] as string | undefined) ?? null,
    usageDetails: typeof usage === 'string' ? (JSON.parse(usage) as Record<string, number>) : {},
    costDetails: typeof cost === 'string' ? (JSON.parse(cost) as Record<string, number>) : {},
    sessionId: (a['session.id'] as string | undefined) ?? null,
    traceName: (a['langfuse.trace.name'] as string | undefined) ?? null,
    traceTags: (a['langfuse.trace.tags'] as string[] | undefined) ?? [],
  };
}

/**
 * How the list endpoints page: `honest` as Langfuse's v2/v3 list endpoints do it (the cursor is opaque to
 * clients); `repeating` hands out the first page's cursor on every page; `endless` a new cursor on every page,
 * past the end of the items too.
 */
export type ReceiverPaging = 'honest' | 'repeating' | 'endless';

function page<T>(items: T[], query: URLSearchParams, paging: ReceiverPaging): { data: T[]; meta: { limit: number; cursor?: string } } {
  const limit = Number(query.get('limit') ?? 50);
  const offset = query.get('cursor') ? Number(Buffer.from(query.get('cursor')!, 'base64url').toString()) : 0;
  const data = items.slice(offset, offset + limit);
  const nextOffset = paging === 'repeating' ? limit : offset + limit;
  const next = nextOffset < items.length || paging !== 'honest' ? Buffer.from(String(nextOffset)).toString('base64url') : undefined;
  return { data, meta: { limit, ...(next === undefined ? {} : { cursor: next }) } };
}

export class LangfuseReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** Every span received, duplicates included (a re-export sends the same spans again). */
  readonly spans: ReceivedSpan[] = [];
  /** What Langfuse would hold: observations and scores upserted by id. */
  readonly observations = new Map<string, StoredObservation>();
  readonly scores = new Map<string, StoredScore>();
  mode: ReceiverMode = { kind: 'ok' };
  paging: ReceiverPaging = 'honest';
  /** Write requests that arrived while holding, not yet answered. */
  private held: Array<() => void> = [];
  /** Write requests answered (in any mode). */
  answered = 0;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<LangfuseReceiver> {
    let receiver: LangfuseReceiver | undefined;
    const server = createServer((req, res) => void receiver!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new LangfuseReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return receiver;
  }

  get config(): LangfuseConfig {
    return { ...RECEIVER_KEYS, baseUrl: this.baseUrl };
  }

  get heldCount(): number {
    return this.held.length;
  }

  /** Answers every held request (in the current mode) and stops holding new ones. */
  release(mode: ReceiverMode = { kind: 'ok' }): void {
    this.mode = mode;
    const held = this.held;
    this.held = [];
    for (const answer of held) answer();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.baseUrl);
    const body = text === '' ? undefined : (JSON.parse(text) as unknown);
    const langfuseHeaders = Object.fromEntries(
      Object.entries(req.headers).flatMap(([name, value]) => (name.startsWith('x-langfuse-') && typeof value === 'string' ? [[name, value]] : [])),
    );
    this.requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, langfuseHeaders, body });

    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    // Langfuse's health check answers without credentials.
    if (req.method === 'GET' && url.pathname === '/api/public/health') return send(200, { status: 'OK', version: 'receiver' });
    const expected = `Basic ${Buffer.from(`${RECEIVER_KEYS.publicKey}:${RECEIVER_KEYS.secretKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(401, { message: 'Invalid credentials' });

    if (req.method === 'POST') {
      const write = () => {
        this.answered++;
        if (this.mode.kind === 'fail') return send(this.mode.status, { message: 'receiver told to fail' });
        if (url.pathname === '/api/public/otel/v1/traces') return send(200, this.ingestSpans(body));
        if (url.pathname === '/api/public/ingestion') return send(207, this.ingestEvents(body));
        return send(404, { message: `no route ${url.pathname}` });
      };
      if (this.mode.kind === 'hold') this.held.push(write);
      else write();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/public/v2/observations')
      return send(200, page(this.findObservations(url.searchParams), url.searchParams, this.paging));
    if (req.method === 'GET' && url.pathname === '/api/public/v3/scores')
      return send(200, page(this.findScores(url.searchParams), url.searchParams, this.paging));
    return send(404, { message: `no route ${req.method} ${url.pathname}` });
  }

  private ingestSpans(body: unknown): unknown {
    const request = body as { resourceSpans?: Array<{ scopeSpans?: Array<{ scope?: { name?: string }; spans?: Array<Record<string, unknown>> }> }> };
    for (const resource of request.resourceSpans ?? []) {
      for (const scope of resource.scopeSpans ?? []) {
        for (const s of scope.spans ?? []) {
          const attributes = Object.fromEntries(((s.attributes ?? []) as Array<{ key: string; value: OtlpValue }>).map((a) => [a.key, plain(a.value)]));
          const span: ReceivedSpan = {
            traceId: s.traceId as string,
            spanId: s.spanId as string,
            parentSpanId: (s.parentSpanId as string | undefined) || undefined,
            name: s.name as string,
            startTimeUnixNano: String(s.startTimeUnixNano),
            endTimeUnixNano: String(s.endTimeUnixNano),
            scope: scope.scope?.name ?? '',
            attributes,
          };
          this.spans.push(span);
          this.observations.set(span.spanId, observationFrom(span));
        }
      }
    }
    return {};
  }

  private ingestEvents(body: unknown): unknown {
    const successes: Array<{ id: string; status: number }> = [];
    const errors: Array<{ id: string; status: number; message: string }> = [];
    for (const event of (body as { batch?: Array<{ id: string; type: string; timestamp: string; body: Record<string, unknown> }> }).batch ?? []) {
      if (event.type !== 'score-create') {
        errors.push({ id: event.id, status: 400, message: `event type ${event.type} is not accepted` });
        continue;
      }
      const b = event.body;
      this.scores.set(b.id as string, {
        id: b.id as string,
        traceId: b.traceId as string,
        name: b.name as string,
        value: b.value as number,
        comment: (b.comment as string | undefined) ?? null,
        dataType: (b.dataType as string | undefined) ?? 'NUMERIC',
        timestamp: event.timestamp,
      });
      successes.push({ id: event.id, status: 201 });
    }
    return { successes, errors };
  }

  private findObservations(q: URLSearchParams): StoredObservation[] {
    return [...this.observations.values()]
      .filter((o) => !q.get('type') || o.type === q.get('type'))
      .filter((o) => !q.get('traceId') || o.traceId === q.get('traceId'))
      .filter((o) => !q.get('sessionId') || o.sessionId === q.get('sessionId'))
      .filter((o) => !q.get('fromStartTime') || o.startTime >= q.get('fromStartTime')!)
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
  }

  private findScores(q: URLSearchParams): unknown[] {
    const traces = q.get('traceId')?.split(',');
    return [...this.scores.values()]
      .filter((s) => !traces || traces.includes(s.traceId))
      .map((s) => ({
        id: s.id,
        projectId: 'test-project',
        name: s.name,
        source: 'API',
        timestamp: s.timestamp,
        environment: 'default',
        createdAt: s.timestamp,
        updatedAt: s.timestamp,
        comment: s.comment,
        metadata: {},
        dataType: s.dataType,
        value: s.value,
        subject: { kind: 'trace', id: s.traceId },
      }));
  }
}

/** A base URL where nothing listens: connecting is refused. */
export async function refusingBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
