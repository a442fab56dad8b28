import { CLIENT_INFO_META_KEY, isJSONRPCNotification, isJSONRPCRequest, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { oversizeReason } from '../host/bounded/limit.ts';
import type { OversizeMessage } from '../host/bounded/read-buffer.ts';
import { EndlessLineError } from '../host/bounded/lines.ts';
import type { HostInfo } from './session-recorder.ts';
import { answerWithError, fail, hostGone, recordCall, say, type Pending, type ProxySession } from './proxy-session.ts';

// What the host sends, on its way to the server (src/proxy/proxy.ts).

/** What a host's `notifications/cancelled` says: which request it gave up on (a timeout, the user) and why. */
const cancelledParams = z.object({ requestId: z.union([z.string(), z.number()]), reason: z.string().optional() });

/** Passes a host message on to the server; a request the server cannot be sent fails at once. */
export function forwardToServer(session: ProxySession, received: JSONRPCMessage): void {
  const { message, id } = toUpstream(session, received);
  session.upstream.send(message).catch((err: Error) => {
    if (id !== undefined) void fail(session, id, `${session.options.name}: ${err.message}`);
    else say(session, `could not pass on ${'method' in message ? message.method : 'a response'}: ${err.message}`);
  });
}

/** What the server receives for a host message: a request under a new id of the proxy's own. */
function toUpstream(session: ProxySession, message: JSONRPCMessage): { message: JSONRPCMessage; id?: number } {
  if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') return { message: noteCancelled(session, message) };
  if (!isJSONRPCRequest(message)) return { message };
  noteHost(session, message);
  const id = session.nextUpstreamId++;
  session.pending.set(id, { hostId: message.id, method: message.method, started: performance.now(), params: message.params });
  const forwarded = { ...message, id };
  if (message.method === 'initialize') session.upstream.rememberHandshake(forwarded);
  return { message: forwarded, id };
}

function noteHost(session: ProxySession, request: JSONRPCRequest): void {
  const params = request.params as { clientInfo?: unknown; _meta?: Record<string, unknown> } | undefined;
  const info = request.method === 'initialize' ? params?.clientInfo : params?._meta?.[CLIENT_INFO_META_KEY];
  if (info !== null && typeof info === 'object' && typeof (info as HostInfo).name === 'string') {
    const { name, version } = info as HostInfo;
    session.options.recorder.setHost({ name, ...(typeof version === 'string' ? { version } : {}) });
  }
}

/**
 * A host's cancellation closes the call's record (of the latest open request under that id) and reaches the
 * server under the id it knows; the server may still answer, and that answer is dropped.
 */
function noteCancelled(session: ProxySession, message: JSONRPCMessage): JSONRPCMessage {
  const cancelled = cancelledParams.safeParse((message as { params?: unknown }).params);
  if (!cancelled.success) return message;
  const [upstreamId, request] = [...session.pending].reverse().find(([, open]) => open.hostId === cancelled.data.requestId) ?? [];
  if (upstreamId === undefined || request === undefined) return message;
  session.pending.delete(upstreamId);
  const reason = cancelled.data.reason === undefined ? '' : ` (${cancelled.data.reason})`;
  if (request.method === 'tools/call') recordCall(session, request, `No answer: the host cancelled the call${reason}.`, true);
  return { ...message, params: { ...cancelled.data, requestId: upstreamId } } as JSONRPCMessage;
}

/** A request too long to pass on is answered at once with the reason; a notification or answer that long is dropped. */
export async function hostOversize(session: ProxySession, message: OversizeMessage): Promise<void> {
  if (message.id !== undefined && message.method !== undefined) {
    const params = message.name === undefined ? {} : { name: message.name };
    const request: Pending = { hostId: message.id, method: message.method, started: performance.now(), params };
    return answerWithError(session, request, `${session.options.name}: ${oversizeReason('the host sent a request')}; the server did not receive it`);
  }
  say(session, `dropped a message of ${message.bytes.toLocaleString('en-US')} bytes from the host: past the limit`);
}

/** The stdio transport reports here a failed write and a line without end, then closes: the host is gone, not a bad message. */
export function hostError(session: ProxySession, err: Error): void {
  if (isWriteFailure(err) || err instanceof EndlessLineError) hostGone(session, err);
  else say(session, `bad message from the host, ignored: ${err.message}`);
}

/** A write to the host that failed (EPIPE, a destroyed stream): the host is gone. */
function isWriteFailure(err: Error): boolean {
  const { syscall, code } = err as NodeJS.ErrnoException;
  return syscall === 'write' || code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
}
