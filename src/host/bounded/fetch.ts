import type { FetchLike, RequestId } from '@modelcontextprotocol/client';
import { MAX_MESSAGE_BYTES, oversizeReason, oversizeReply } from './limit.ts';
import { sseEventLimit } from './sse.ts';

/**
 * A fetch for the SDK's Streamable HTTP transport that reads no response past MAX_MESSAGE_BYTES: a JSON body is
 * read up to the limit and, past it, replaced by an error reply to the request it answers (the call fails, the
 * session goes on); an event stream is limited per event (sseEventLimit); any other body past the limit is
 * replaced by the reason, which the SDK reports as the HTTP error it is.
 */
export function boundedFetch(base: FetchLike): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (response.body === null) return response;
    const id = requestIdOf(init?.body);
    const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type === 'text/event-stream') return withBody(response, response.body.pipeThrough(sseEventLimit(id)));
    const body = await readAtMost(response.body, MAX_MESSAGE_BYTES);
    if (body !== undefined) return withBody(response, body);
    const reason = oversizeReason('the MCP server sent a response body');
    if (!response.ok || id === undefined) return withBody(response, reason, 'text/plain');
    return withBody(response, JSON.stringify(oversizeReply(id, reason)), 'application/json');
  };
}

/** The id of the JSON-RPC request a POST carries (the SDK sends one message per POST), if it is one. */
function requestIdOf(body: unknown): RequestId | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const message = JSON.parse(body) as { id?: unknown; method?: unknown };
    return typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number') ? message.id : undefined;
  } catch {
    return undefined;
  }
}

/** The whole body if it has at most `limit` bytes; otherwise undefined, having stopped reading at the limit. */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, length);
    length += value.length;
    if (length > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

function withBody(response: Response, body: ConstructorParameters<typeof Response>[0], contentType?: string): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (contentType !== undefined) headers.set('content-type', contentType);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
