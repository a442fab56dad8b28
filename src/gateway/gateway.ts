import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation } from '@modelcontextprotocol/node';
import { Leases, type Lease } from './leases.ts';
import { KeyedQueue, QueueFullError } from './queue.ts';
import { claimedClientInfo, type ClientInfo } from './client-info.ts';
import { forward, type UpstreamFetch } from './forward.ts';
import type { GatewayLimiters } from './limiters.ts';
import type { GatewayOptions, Route } from './options.ts';

const HOST = '127.0.0.1';
/** A request body is read whole before it waits (its bytes are forwarded unread), so it is bounded. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Checks a bearer token for one audience (the upstream's URL); resolves to its subject, rejects saying why. */
export type TokenVerifier = (token: string, audience: string) => Promise<string>;

export interface GatewayLogEntry {
  path: string;
  status: number;
  subject?: string;
  /** the Mcp-Method and Mcp-Name headers, as sent */
  method?: string;
  name?: string;
  /** what the client says it is (logged, never decided on) */
  clientInfo?: ClientInfo;
  waitedMs: number;
}

export interface GatewayDeps {
  verify: TokenVerifier;
  /** how requests reach an upstream; global fetch unless given */
  fetch?: UpstreamFetch;
  log?: (entry: GatewayLogEntry) => void;
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
 * the path, the Authorization header and the Mcp-Method / Mcp-Name headers decide anything; the body is
 * forwarded as it came.
 */
export async function startGateway(options: GatewayOptions, limiters: GatewayLimiters, deps: GatewayDeps): Promise<GatewayHandle> {
  const retryAfter = (waiting: number, perSecond: number) => Math.max(1, Math.ceil(waiting / perSecond));
  const tokenQueue = new KeyedQueue("this token's turn", options.queue, retryAfter(options.queue, options.rate));
  const upstreamQueue = new KeyedQueue("this upstream's pace", options.upstreamQueue, retryAfter(options.upstreamQueue, options.pace));
  const slots = new Leases(limiters.slots);
  const rates = new Leases(limiters.rate);
  const paces = new Leases(limiters.pace);
  const methods = new Map([...limiters.methods].map(([key, limiter]) => [key, new Leases(limiter)]));

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

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const path = new URL(req.url ?? '/', `http://${HOST}`).pathname;
    const entry: GatewayLogEntry = { path, status: 0, waitedMs: 0, ...mcpHeaders(req) };
    res.once('close', () => {
      // a client that left while it waited is logged as 499, nginx's "client closed request"
      deps.log?.({ ...entry, status: res.headersSent ? res.statusCode : 499 });
    });
    let admission: Admission | undefined;
    try {
      const route = routeOf(options.routes, path);
      const body = await readBody(req);
      entry.subject = await verified(deps.verify, req, route);
      admission = await admit(entry.subject, methodKeys(limiters, entry.method, entry.name), route).catch(refusedWhenFull);
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
      if (error instanceof Refusal) answerError(res, error.status, error.message, error.headers);
      else answerError(res, 503, `tdo gateway could not count this request: ${causeOf(error)}`);
    }
  }

  const server = createServer((req, res) => {
    if (!hostAllowed(req, res)) return;
    void handle(req, res);
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

async function verified(verify: TokenVerifier, req: IncomingMessage, route: Route): Promise<string> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  const challenge = (description: string) => ({
    'www-authenticate': `Bearer error="invalid_token", error_description="${description.replace(/["\\]/g, "'")}"`,
  });
  if (match === null) throw new Refusal(401, 'an Authorization: Bearer token is required', challenge('missing bearer token'));
  try {
    return await verify(match[1]!, route.upstream);
  } catch (error) {
    throw new Refusal(401, causeOf(error), challenge(causeOf(error)));
  }
}

function refusedWhenFull(error: unknown): never {
  if (error instanceof QueueFullError) throw new Refusal(429, error.message, { 'retry-after': String(error.retryAfterSeconds) });
  throw error;
}

/** The `--method-rate` keys a request's headers match: its method, and its method with its name. */
function methodKeys(limiters: GatewayLimiters, method: string | undefined, name: string | undefined): string[] {
  if (method === undefined) return [];
  return [method, ...(name === undefined ? [] : [`${method}:${name}`])].filter((key) => limiters.methods.has(key));
}

function mcpHeaders(req: IncomingMessage): { method?: string; name?: string } {
  const method = req.headers['mcp-method'];
  const name = req.headers['mcp-name'];
  return { ...(typeof method === 'string' ? { method } : {}), ...(typeof name === 'string' ? { name } : {}) };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, `a request body is at most ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function answerError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
}

function causeOf(error: unknown): string {
  const e = error as Error & { cause?: unknown };
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return `${e.message ?? String(error)}${cause}`;
}
