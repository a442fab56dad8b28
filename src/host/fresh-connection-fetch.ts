import type { FetchLike } from '@modelcontextprotocol/client';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * The fetch tdo's Streamable HTTP connections make their requests with: each request on a connection of its own
 * (undici's `pipelining: 0`), none kept alive for the next. A kept-alive socket goes stale when this process
 * is busy past the server's idle timeout (Node's default is 5 s; the sim proposer rewriting a large catalogue
 * takes longer): the server closes it, the next request is written to it before the close is read, and fails
 * with "other side closed", an outage no server caused (test/src/host/stale-connections.system.test.ts).
 * A connection per request costs a TCP handshake (and a TLS one for https), little beside a model call.
 */
const noKeepAlive = new Agent({ pipelining: 0 });

export const freshConnectionFetch: FetchLike = (url, init) =>
  undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: noKeepAlive }) as unknown as Promise<Response>;
