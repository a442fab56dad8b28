// The gateway's test harness: an upstream that answers when told, a gateway in front of it, tokens and calls.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyBuyerToken } from '../../servers/market/auth.ts';
import { startGateway, type GatewayDeps, type GatewayHandle, type GatewayLogEntry } from '../../src/gateway/gateway.ts';
import { openLimiters, type GatewayLimiters, type LimiterTiming } from '../../src/gateway/limiters.ts';
import { parseGatewayOptions, type GatewayOptions } from '../../src/gateway/options.ts';
import { mintBearerToken } from '../../src/run/tokens.ts';

export const SECRET = 'gateway-test-secret-long-enough-for-hs256';
export const secret = new TextEncoder().encode(SECRET);

export interface Arrival {
  headers: IncomingMessage['headers'];
  body: string;
  answer(status?: number, text?: string): void;
}

/** What each test opened, closed after it in reverse order (the file's afterEach calls closeOpened). */
const opened: { close(): Promise<void> }[] = [];
export function closeLater(thing: { close(): Promise<void> }): void {
  opened.push(thing);
}
export async function closeOpened(): Promise<void> {
  for (const thing of opened.splice(0).reverse()) await thing.close();
}

/** An upstream that records each request and answers only when the test says so. */
export async function holdingUpstream() {
  const arrivals: Arrival[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      arrivals.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        answer: (status = 200, text = '{"jsonrpc":"2.0","id":1,"result":{}}') => res.writeHead(status, { 'content-type': 'application/json' }).end(text),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const upstream = {
    url,
    arrivals,
    arrived: (n: number) => until(() => arrivals.length >= n),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  closeLater(upstream);
  return upstream;
}

export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

export async function gateway(
  upstream: string,
  limits: Partial<GatewayOptions> = {},
  deps: Partial<GatewayDeps> = {},
  timing: Partial<LimiterTiming> = {},
): Promise<GatewayHandle & { log: GatewayLogEntry[]; limiters: GatewayLimiters; sends: number[] }> {
  const options = parseGatewayOptions({
    routes: [{ path: '/seller', upstream }],
    port: 0,
    rate: 100,
    concurrency: 4,
    queue: 10,
    pace: 100,
    upstreamQueue: 10,
    methodRates: {},
    ...limits,
  });
  const limiters = await openLimiters(options, timing);
  const log: GatewayLogEntry[] = [];
  const sends: number[] = [];
  const handle = await startGateway(options, limiters, {
    verify: async (token, audience) => (await verifyBuyerToken(token, secret, audience)).id,
    log: (e) => log.push(e),
    // when each request leaves for the upstream (its arrival there comes later, by however busy the machine is)
    fetch: (url, init) => (sends.push(performance.now()), fetch(url, init)),
    ...deps,
  });
  closeLater({ close: () => limiters.close() });
  closeLater(handle);
  return { ...handle, log, limiters, sends };
}

export const token = (subject: string, audience: string) => mintBearerToken(SECRET, audience, { subject, scopes: ['market:negotiate'] });

/** A tools/call through the gateway; its Mcp-Method and Mcp-Name headers agree with its body unless told otherwise. */
export function call(
  origin: string,
  bearer: string | undefined,
  options: { clientName?: string; mcpHeaders?: boolean | Record<string, string>; tool?: string } = {},
) {
  const { clientName = 'honest', mcpHeaders = true, tool = 'open_negotiation' } = options;
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: tool, arguments: {}, _meta: { 'io.modelcontextprotocol/clientInfo': { name: clientName, version: '1' } } },
  });
  const headers = mcpHeaders === true ? { 'mcp-method': 'tools/call', 'mcp-name': tool } : mcpHeaders === false ? {} : mcpHeaders;
  return fetch(`${origin}/seller`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }), ...headers },
    body,
  });
}

/** The JSON-RPC error the gateway answered with. */
export async function errorOf(res: Response): Promise<{ code: number; message: string }> {
  return ((await res.json()) as { error: { code: number; message: string } }).error;
}
