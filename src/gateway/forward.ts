import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** Hop-by-hop headers (RFC 9110 section 7.6.1) and those fetch sets itself: never copied across. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-connection', 'host', 'content-length']);
/** fetch decodes a compressed answer, so its encoding and length no longer describe the bytes passed on. */
const DECODED = new Set(['content-encoding', 'content-length']);

export type UpstreamFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Sends the request as it came (method, headers, the bytes of its body) and streams the answer back. */
export async function forward(req: IncomingMessage, body: Buffer, res: ServerResponse, upstream: string, fetchUpstream: UpstreamFetch): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const abort = new AbortController();
  res.once('close', () => abort.abort());
  const answer = await fetchUpstream(upstream, {
    method: req.method ?? 'GET',
    headers,
    ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
    signal: abort.signal,
    redirect: 'manual',
  });
  const out: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !DECODED.has(name)) out[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  res.writeHead(answer.status, out);
  if (answer.body === null) {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream<Uint8Array>);
    stream.once('error', () => {
      res.destroy(); // the upstream broke off mid-answer: the client sees a broken answer, never a complete one
      resolve();
    });
    res.once('close', () => resolve());
    stream.pipe(res);
  });
}
