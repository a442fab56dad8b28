import { isJSONRPCErrorResponse, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { flattenContent } from '../host/connection.ts';
import { oversizeReason } from '../host/bounded/limit.ts';
import type { OversizeMessage } from '../host/bounded/read-buffer.ts';
import { boundedList } from '../text/bounded-list.ts';
import { fail, recordCall, say, toHost, type Pending, type ProxySession } from './proxy-session.ts';

// What the server sends, on its way to the host (src/proxy/proxy.ts).

/** An answer goes back under the host's id, a tools/call's recorded and a tools/list's with the served descriptions. */
export async function forwardToHost(session: ProxySession, message: JSONRPCMessage): Promise<void> {
  const answered = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message) ? message : undefined;
  if (answered === undefined) return toHost(session, message);
  const request = typeof answered.id === 'number' ? session.pending.get(answered.id) : undefined;
  // An answer to no open request (one the host cancelled) has no host id to go back under.
  if (request === undefined || typeof answered.id !== 'number') return;
  session.pending.delete(answered.id);
  if (request.method === 'tools/call') {
    if (isJSONRPCErrorResponse(answered)) recordCall(session, request, answered.error.message, true);
    else recordCall(session, request, flattenContent(answered.result.content), answered.result.isError === true);
  }
  const result = request.method === 'tools/list' && isJSONRPCResultResponse(answered) ? { result: servedListing(session, answered.result, request) } : {};
  await toHost(session, { ...answered, ...result, id: request.hostId } as JSONRPCMessage);
}

/** Records the advertised descriptions (all pages) as the seed version and substitutes the served ones. */
function servedListing(session: ProxySession, result: Record<string, unknown>, request: Pending): Record<string, unknown> {
  const tools = Array.isArray(result.tools) ? (result.tools as Array<{ name: string; description?: string }>) : [];
  if ((request.params as { cursor?: unknown } | undefined)?.cursor === undefined) session.listing = {};
  for (const tool of tools) session.listing[tool.name] = tool.description ?? '';
  if (result.nextCursor === undefined) {
    try {
      session.options.recorder.recordAdvertised(session.listing);
    } catch (err) {
      say(session, `could not record the advertised descriptions: ${(err as Error).message}`);
    }
  }
  const served = session.options.descriptions;
  if (served === undefined) return result;
  if (result.nextCursor === undefined && !session.unknownWarned) {
    const unknown = Object.keys(served).filter((name) => !(name in session.listing));
    if (unknown.length > 0) say(session, `the served version describes ${boundedList(unknown)}, which the server does not list`);
    session.unknownWarned = true;
  }
  return { ...result, tools: tools.map((tool) => (served[tool.name] === undefined ? tool : { ...tool, description: served[tool.name] })) };
}

/** An answer too long to pass on fails its request; anything else that long is dropped, and said so. */
export async function serverOversize(session: ProxySession, message: OversizeMessage): Promise<void> {
  const reason = `${session.options.name}: ${oversizeReason('the server sent an answer')}`;
  if (message.method === undefined && typeof message.id === 'number' && session.pending.has(message.id)) return fail(session, message.id, reason);
  say(
    session,
    `dropped a message of ${message.bytes.toLocaleString('en-US')} bytes from the server${message.method === undefined ? '' : ` (${message.method})`}: past the limit`,
  );
}

/** The server died: every open request fails with the reason, and the next message starts it again. */
export function serverExited(session: ProxySession, reason: string, stderrTail: string): void {
  const { name } = session.options;
  say(session, `${reason}; it starts again on the next request.${stderrTail}`);
  for (const id of [...session.pending.keys()])
    void fail(session, id, `${name}: ${reason}. tdo proxy starts it again on the next request; retry the call.${stderrTail}`);
}
