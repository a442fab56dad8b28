// The seed's crowd (issue 34): many cheap MCP clients sharing a few bearer tokens, some claiming a clientInfo of
// their own, through `tdo gateway` to one market seller on loopback. Each agent is a plain MCP client that
// records every answer it gets; the gateway's upstream fetch records what reaches the seller. Used by
// test/src/gateway/crowd.system.test.ts and bench/gateway.ts.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARKET_SCOPES, SECRET_ENV, verifyBuyerToken } from '../../servers/market/auth.ts';
import { startGateway, type GatewayLogEntry } from '../../src/gateway/gateway.ts';
import { openLimiters } from '../../src/gateway/limiters.ts';
import { parseGatewayOptions, type GatewayOptions } from '../../src/gateway/options.ts';
import { mintBearerToken } from '../../src/run/tokens.ts';

const SECRET = 'crowd-secret-that-is-long-enough-for-hs256';
const SELLER = 'timber-yard';
const MARKET_MAIN = new URL('../../servers/market/main.ts', import.meta.url).pathname;
const ROUTE = `/${SELLER}`;

export interface CrowdPlan {
  agents: number;
  tokens: number;
  /** tool calls each agent makes after connecting, one after another */
  callsPerAgent: number;
  /** every how many agents one claims a clientInfo of its own (as if it were a client apart) */
  spoofEvery: number;
  /** agents start evenly over this many seconds (all at once, thousands of connects overflow the listen backlog) */
  rampSeconds: number;
  limits: Pick<GatewayOptions, 'rate' | 'concurrency' | 'queue' | 'pace' | 'upstreamQueue'> & { redis?: string };
}

/** One request as its agent saw it. */
interface Outcome {
  status: number | 'network';
  retryAfter: boolean;
  spoofer: boolean;
}

export interface CrowdResult {
  agents: number;
  tokens: number;
  spoofers: number;
  requests: number;
  /** answered by the seller */
  served: number;
  /** answered 429 with a Retry-After header */
  toldToRetry: number;
  /** none of those: an error answer (5xx, a 429 without Retry-After), a broken connection */
  lost: number;
  lostStatuses: Record<string, number>;
  /** the share of their own requests served, spoofers against the others */
  servedShare: { spoofers: number; others: number };
  /** the most requests one token had forwarded in any one second (sliding), and in flight at once */
  perTokenMaxPerSecond: number;
  perTokenMaxInFlight: number;
  /** requests forwarded to the seller: in its busiest second (sliding), and on average from the first to the last */
  upstreamMaxPerSecond: number;
  upstreamMeanRate: number;
  /** every clientInfo name the gateway logged */
  loggedClientNames: Set<string>;
  seconds: number;
}

/**
 * The seller in a process of its own, as `tdo serve market --http` runs it, so that its SQLite writes do not
 * hold up the gateway's event loop (nor the crowd's).
 */
async function startSeller(db: string): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MARKET_MAIN, '--seller', SELLER, '--http', '--port', '0', '--db', db], {
    env: { ...process.env, [SECRET_ENV]: SECRET },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const match = /listening (\S+)/.exec(said);
      if (match !== null) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the seller exited (${code}) before it listened:\n${said}`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Most timestamps (ms, sorted) inside any window [t, t + 1000). */
export function busiestSecond(times: number[]): number {
  let best = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= 1000) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export async function runCrowd(plan: CrowdPlan): Promise<CrowdResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tdo-crowd-'));
  const seller = await startSeller(join(dir, `${SELLER}.db`));
  const secret = new TextEncoder().encode(SECRET);
  const tokens = await Promise.all(
    Array.from({ length: plan.tokens }, (_, i) => mintBearerToken(SECRET, seller.url, { subject: `person-${i}`, scopes: MARKET_SCOPES })),
  );
  const forwarded = tokens.map(() => [] as number[]);
  const inFlight = tokens.map(() => 0);
  let maxInFlight = 0;
  const upstreamTimes: number[] = [];
  const logged = new Set<string>();
  const { redis, ...limits } = plan.limits;
  const options = parseGatewayOptions({
    routes: [{ path: ROUTE, upstream: seller.url }],
    port: 0,
    methodRates: {},
    ...limits,
    ...(redis === undefined ? {} : { redis }),
  });
  const limiters = await openLimiters(options);
  const gateway = await startGateway(options, limiters, {
    verify: async (token, audience) => (await verifyBuyerToken(token, secret, audience)).id,
    fetch: async (url, init) => {
      const which = tokens.indexOf(new Headers(init.headers).get('authorization')!.slice('Bearer '.length));
      const now = performance.now();
      forwarded[which]!.push(now);
      upstreamTimes.push(now);
      maxInFlight = Math.max(maxInFlight, ++inFlight[which]!);
      try {
        return await fetch(url, init);
      } finally {
        inFlight[which]!--;
      }
    },
    log: (entry: GatewayLogEntry) => {
      if (entry.clientInfo?.name !== undefined) logged.add(entry.clientInfo.name);
    },
  });

  const outcomes: Outcome[] = [];
  const pool = new Agent({ keepAlive: true, maxSockets: SOCKETS });
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: plan.agents }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i * plan.rampSeconds * 1000) / plan.agents));
        await agent(`${gateway.origin}${ROUTE}`, pool, tokens[i % tokens.length]!, i, i % plan.spoofEvery === 0, plan.callsPerAgent, outcomes);
      }),
    );
  } finally {
    pool.destroy();
    await gateway.close();
    await limiters.close();
    await seller.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  const served = outcomes.filter((o) => typeof o.status === 'number' && o.status < 500 && o.status !== 429);
  const told = outcomes.filter((o) => o.status === 429 && o.retryAfter);
  const lost = outcomes.filter((o) => !served.includes(o) && !told.includes(o));
  const share = (spoofer: boolean) => {
    const mine = outcomes.filter((o) => o.spoofer === spoofer);
    return mine.filter((o) => served.includes(o)).length / Math.max(1, mine.length);
  };
  upstreamTimes.sort((a, b) => a - b);
  return {
    agents: plan.agents,
    tokens: plan.tokens,
    spoofers: Math.ceil(plan.agents / plan.spoofEvery),
    requests: outcomes.length,
    served: served.length,
    toldToRetry: told.length,
    lost: lost.length,
    lostStatuses: lost.reduce<Record<string, number>>((acc, o) => ({ ...acc, [String(o.status)]: (acc[String(o.status)] ?? 0) + 1 }), {}),
    servedShare: { spoofers: share(true), others: share(false) },
    perTokenMaxPerSecond: Math.max(...forwarded.map((times) => busiestSecond(times))),
    perTokenMaxInFlight: maxInFlight,
    upstreamMaxPerSecond: busiestSecond(upstreamTimes),
    upstreamMeanRate: upstreamTimes.length < 2 ? 0 : (upstreamTimes.length - 1) / ((upstreamTimes.at(-1)! - upstreamTimes[0]!) / 1000),
    loggedClientNames: logged,
    seconds,
  };
}

/** The stateless protocol the SDK speaks (2026-07-28): every request names its version and client in `_meta`. */
const PROTOCOL_VERSION = '2026-07-28';

/**
 * One agent, a plain MCP client: each tool call is one POST as the SDK's client sends it in the stateless
 * protocol (headers Mcp-Method and Mcp-Name, clientInfo in `_meta`), one after another. A refused call ends the
 * agent (it was told when to come back; the crowd is bounded, so it does not).
 */
async function agent(url: string, pool: Agent, token: string, index: number, spoofer: boolean, calls: number, outcomes: Outcome[]): Promise<void> {
  // the spoofer's clientInfo is its own, as if each were a different client; the others all say the same
  const clientInfo = { name: spoofer ? `spoofed-client-${index}` : 'crowd-agent', version: '1.0.0' };
  for (let id = 0; id < calls; id++) {
    const body = {
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: {
        name: 'open_negotiation',
        arguments: { item: 'oak plank', quantity: 4 },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
          'io.modelcontextprotocol/clientInfo': clientInfo,
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    const answer = await post(
      url,
      pool,
      {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-method': 'tools/call',
        'mcp-name': 'open_negotiation',
        'mcp-protocol-version': PROTOCOL_VERSION,
      },
      JSON.stringify(body),
    );
    const status = answer.status;
    const retryAfter = answer.retryAfter;
    outcomes.push({ status, retryAfter, spoofer });
    if (status !== 200) return;
  }
}

/**
 * The crowd's connections: one keep-alive pool, as the agents of one machine share their HTTP client's. More
 * requests than sockets wait in the pool; node:http sets no connect timeout, so a busy machine slows the crowd
 * and loses nothing of it.
 */
const SOCKETS = 256;

function post(url: string, pool: Agent, headers: Record<string, string>, body: string): Promise<{ status: Outcome['status']; retryAfter: boolean }> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', agent: pool, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] !== undefined }));
      res.once('error', () => resolve({ status: 'network', retryAfter: false }));
    });
    req.once('error', () => resolve({ status: 'network', retryAfter: false }));
    req.end(body);
  });
}
