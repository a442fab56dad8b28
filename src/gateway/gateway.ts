import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation } from '@modelcontextprotocol/node';
import * as z from 'zod';
import type { Lease } from './leases.ts';
import { KeyedQueue, QueueFullError } from './queue.ts';
import { claimedClientInfo, type ClientInfo } from './client-info.ts';
import { forward, type UpstreamFetch } from './forward.ts';
import type { GatewayLimiters } from './limiters.ts';
import type { GatewayOptions, Route } from './options.ts';

const HOST = '127.0.0.1';
/** A request body is read whole before it waits (its bytes are forwarded unread), so it is bounded in size and time. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
const BODY_TIMEOUT_MS = 10_000;

/** Checks a bearer token for one audience (the upstream's URL); resolves to its subject, rejects saying why. */
export type TokenVerifier = (token: string, audience: string) => Promise<string>;

export interface GatewayLogEntry {
  path: string;
  status: number;
  subject?: string;
  /** the JSON-RPC method the body asks for, and the tool or prompt name (or resource URI) it names */
  method?: string;
  name?: string;
  /** what the client says it is (logged, never decided on) */
  clientInfo?: ClientInfo;
  waitedMs: number;
  /** why a request failed inside the gateway (a 500), for whoever runs it */
  error?: string;
}

export interface GatewayDeps {
  verify: TokenVerifier;
  /** how requests reach an upstream; global fetch unless given */
  fetch?: UpstreamFetch;
  log?: (entry: GatewayLogEntry) => void;
  /** how long a request body may take to arrive before it is cut with 408; 10 s unless given */
  bodyTimeoutMs?: number;
}

export interface GatewayHandle {
  /** http://127.0.0.1:PORT */
  origin: string;
  close(): Promise<void>;
}

/**
 * Rates count a request from when it is sent: its rate leases end a little over one second later (10 ms: the
 * request is on its way before the lease ends even when a garbage collection falls between the clock read and
 * the send), its slot when the answer does.
 */
const RATE_WINDOW_MS = 1010;

class Admission {
  private wasSent = false;

  constructor(
    private readonly slot: Lease,
    private readonly rates: Lease[],
  ) {}

  /** The request leaves now: its rate leases end RATE_WINDOW_MS from now. */
  sent(): void {
    this.wasSent = true;
    for (const lease of this.rates) lease.releaseAfter(RATE_WINDOW_MS);
  }

  /** The answer ended, or the request never left: the slot goes back, and the rate leases too if nothing was sent. */
  done(): void {
    this.slot.release();
    if (!this.wasSent) for (const lease of this.rates) lease.release();
  }
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * `tdo gateway`: in front of Streamable HTTP MCP servers on 127.0.0.1, one upstream per path. Each request
 * needs a bearer token for its upstream; it then waits its token's turn (concurrency, rate, per-method rates)
 * and its upstream's pace, each queue bounded, and is answered 429 with Retry-After beyond the bounds. Only
 * the path, the Authorization header and the JSON-RPC method and name the body asks for decide anything; the
 * body is forwarded as it came.
 */
export async function startGateway(options: GatewayOptions, limiters: GatewayLimiters, deps: GatewayDeps): Promise<GatewayHandle> {
  const retryAfter = (waiting: number, perSecond: number) => Math.max(1, Math.ceil(waiting / perSecond));
  const tokenQueue = new KeyedQueue("this token's turn", options.queue, retryAfter(options.queue, options.rate));
  const upstreamQueue = new KeyedQueue("this upstream's pace", options.upstreamQueue, retryAfter(options.upstreamQueue, options.pace));
  const { slots, rate: rates, pace: paces, methods } = limiters;

  /** The token's turn: a slot, its rate and method leases, then its upstream's pace lease. */
  const admit = (subject: string, keys: string[], route: Route): Promise<Admission> =>
    tokenQueue.run(subject, async () => {
      const held: Lease[] = [];
      try {
        const slot = await slots.take(subject);
        held.push(slot);
        held.push(await rates.take(subject));
        for (const key of keys) held.push(await methods.get(key)!.take(`${subject} ${key}`));
        held.push(await upstreamQueue.run(route.path, () => paces.take(route.path)));
        return new Admission(slot, held.slice(1));
      } catch (error) {
        for (const lease of held) lease.release();
        throw error;
      }
    });
  const hostAllowed = localhostHostValidation();
  const fetchUpstream = deps.fetch ?? ((url, init) => fetch(url, init));

  async function handle(req: IncomingMessage, res: ServerResponse, entry: GatewayLogEntry): Promise<void> {
    const started = performance.now();
    let admission: Admission | undefined;
    try {
      const route = routeOf(options.routes, entry.path);
      // the token is checked from the headers alone: a request without one costs no body read
      entry.subject = await verified(deps.verify, req, route);
      const body = await readBody(req, deps.bodyTimeoutMs ?? BODY_TIMEOUT_MS);
      const calls = requestedCalls(body);
      Object.assign(entry, calls[0] ?? {});
      const keys = methodKeys(limiters, calls, mcpHeaders(req));
      admission = await admit(entry.subject, keys, route).catch(countingRefusal);
      res.once('close', () => admission?.done());
      entry.waitedMs = performance.now() - started;
      const clientInfo = claimedClientInfo(body);
      if (clientInfo !== undefined) entry.clientInfo = clientInfo;
      if (res.destroyed) return admission.done(); // the client left while it waited: nothing is sent upstream
      const sending = admission;
      try {
        await forward(req, body, res, route.upstream, (url, init) => {
          sending.sent();
          return fetchUpstream(url, init);
        });
      } catch (error) {
        throw new Refusal(502, `upstream ${route.upstream} failed: ${causeOf(error)}`);
      }
    } catch (error) {
      admission?.done();
      if (error instanceof Refusal) return answerError(res, error.status, error.message, error.headers);
      entry.error = causeOf(error);
      answerError(res, 500, 'tdo gateway failed on this request');
    }
  }

  /** Every request ends here, answered or cut, whatever is thrown: one request never takes the gateway down. */
  function serve(req: IncomingMessage, res: ServerResponse): void {
    const entry: GatewayLogEntry = { path: pathOf(req.url), status: 0, waitedMs: 0 };
    res.once('close', () => {
      // a client that left while it waited is logged as 499, nginx's "client closed request"
      deps.log?.({ ...entry, status: res.headersSent ? res.statusCode : 499 });
    });
    handle(req, res, entry).catch((error: unknown) => {
      entry.error = causeOf(error);
      res.destroy();
    });
  }

  const server = createServer((req, res) => {
    if (!hostAllowed(req, res)) return;
    serve(req, res);
  });
  // `once` rejects on the server's 'error' (a port in use), so a failed listen is an error, not a hang
  server.listen(options.port, HOST);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${HOST}:${port}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

function routeOf(routes: Route[], path: string): Route {
  const route = routes.find((r) => r.path === path);
  if (route === undefined) throw new Refusal(404, `no upstream at ${path}; the routes are ${routes.map((r) => r.path).join(', ')}`);
  return route;
}

/**
 * The challenge's wording is fixed per failure: the verifier's reason quotes the token (a jose error names its
 * header parameters), which may hold any character, and a header cannot carry a newline. The reason goes in the
 * body, which JSON escapes.
 */
const challenge = (description: 'missing bearer token' | 'the token was refused') => ({
  'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
});

async function verified(verify: TokenVerifier, req: IncomingMessage, route: Route): Promise<string> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (match === null) throw new Refusal(401, 'an Authorization: Bearer token is required', challenge('missing bearer token'));
  try {
    return await verify(match[1]!, route.upstream);
  } catch (error) {
    throw new Refusal(401, causeOf(error), challenge('the token was refused'));
  }
}

/** A full queue is the client's 429; any other failure to count is the store's (Redis), a 503 with its cause. */
function countingRefusal(error: unknown): never {
  if (error instanceof QueueFullError) throw new Refusal(429, error.message, { 'retry-after': String(error.retryAfterSeconds) });
  throw new Refusal(503, `tdo gateway could not count this request: ${causeOf(error)}`);
}

/** One JSON-RPC request of a body: what it asks for, as the upstream will read it. */
interface RequestedCall {
  method: string;
  name?: string;
}

const callSchema = z.object({
  method: z.string(),
  params: z.object({ name: z.string().optional(), uri: z.string().optional() }).optional().catch(undefined),
});

/**
 * The calls a body makes (several in a JSON-RPC batch): the upstream runs what the body says, so the limits
 * read the body, never the headers the client writes beside it. A body that is no JSON names none (the
 * upstream refuses it).
 */
export function requestedCalls(body: Buffer): RequestedCall[] {
  let message: unknown;
  try {
    message = JSON.parse(body.toString('utf8'));
  } catch {
    return [];
  }
  return (Array.isArray(message) ? message : [message]).flatMap((item) => {
    const call = callSchema.safeParse(item);
    if (!call.success) return [];
    const name = call.data.params?.name ?? call.data.params?.uri;
    return [{ method: call.data.method, ...(name === undefined ? {} : { name }) }];
  });
}

/**
 * The `--method-rate` keys a request matches: each call's method, and its method with its name. The Mcp-Method
 * and Mcp-Name headers, which an upstream may route on, must agree with the body. A batch may not carry a
 * limited call: its leases are taken together, so two of one key could wait for each other for ever.
 */
function methodKeys(limiters: GatewayLimiters, calls: RequestedCall[], headers: { method?: string; name?: string }): string[] {
  for (const call of calls) {
    if (headers.method !== undefined && headers.method !== call.method)
      throw new Refusal(400, `the Mcp-Method header says ${headers.method} but the body's method is ${call.method}`);
    if (headers.name !== undefined && call.name !== undefined && headers.name !== call.name)
      throw new Refusal(400, `the Mcp-Name header says ${headers.name} but the body names ${call.name}`);
  }
  const keys = calls.flatMap(({ method, name }) => [method, ...(name === undefined ? [] : [`${method}:${name}`])]).filter((key) => limiters.methods.has(key));
  if (calls.length > 1 && keys.length > 0) throw new Refusal(400, `a JSON-RPC batch may not carry ${keys[0]}, which --method-rate limits: send it on its own`);
  return keys;
}

function mcpHeaders(req: IncomingMessage): { method?: string; name?: string } {
  const method = req.headers['mcp-method'];
  const name = req.headers['mcp-name'];
  return { ...(typeof method === 'string' ? { method } : {}), ...(typeof name === 'string' ? { name } : {}) };
}

/** The request's path; a target no URL parser reads is no route's (404). */
function pathOf(target: string | undefined): string {
  try {
    return new URL(target ?? '/', `http://${HOST}`).pathname;
  } catch {
    return '(unreadable)';
  }
}

/** The body, refused past MAX_BODY_BYTES (413) or once it has taken longer than `timeoutMs` to arrive (408). */
function readBody(req: IncomingMessage, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.pause();
    };
    const fail = (error: Error) => (stop(), reject(error));
    const timer = setTimeout(() => fail(new Refusal(408, `a request body must arrive within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return fail(new Refusal(413, `a request body is at most ${MAX_BODY_BYTES} bytes`));
      chunks.push(chunk);
    };
    const onEnd = () => (stop(), resolve(Buffer.concat(chunks)));
    const onError = (error: Error) => fail(error);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** Answers a JSON-RPC error; a request whose body was not read whole is answered on a connection then closed. */
function answerError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const unread = res.req.complete ? {} : { connection: 'close' };
  res.writeHead(status, { 'content-type': 'application/json', ...headers, ...unread });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
}

function causeOf(error: unknown): string {
  const e = error as Error & { cause?: unknown };
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return `${e.message ?? String(error)}${cause}`;
}
