import {
  CLIENT_INFO_META_KEY,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type RequestId,
  type Transport,
} from '@modelcontextprotocol/client';
import * as z from 'zod';
import { flattenContent } from '../host/connection.ts';
import { oversizeReason } from '../host/bounded/limit.ts';
import type { OversizeMessage } from '../host/bounded/read-buffer.ts';
import { EndlessLineError } from '../host/bounded/lines.ts';
import type { HostTransport } from './host-stdio.ts';
import type { HostInfo, SessionRecorder } from './session-recorder.ts';
import { Upstream, type UpstreamCommand } from './upstream.ts';
import { counted } from '../text/counted.ts';
import { boundedList } from '../text/bounded-list.ts';

export interface ProxyOptions {
  /** The server's name in the trace store and in messages. */
  name: string;
  upstream: UpstreamCommand;
  /** The host's side, e.g. hostStdioTransport() over this process's stdin/stdout. */
  downstream: HostTransport;
  recorder: SessionRecorder;
  /** tool name -> description served in tools/list instead of the server's own (a description version). */
  descriptions?: Record<string, string>;
  /** Diagnostics for the user (stderr): never the MCP channel. */
  log(line: string): void;
  /** The real server's own stderr, passed on so the host's logs still show it. */
  serverStderr(chunk: Buffer): void;
}

export interface RunningProxy {
  /** Settles once the host has gone away, the server is stopped and the session is recorded. */
  closed: Promise<void>;
  /** Ends the session from this side (a signal). */
  close(): Promise<void>;
}

/** -32603: the JSON-RPC "internal error" a host shows as the call's failure. */
const PROXY_ERROR_CODE = -32603;

/** What a host's `notifications/cancelled` says: which request it gave up on (a timeout, the user) and why. */
const cancelledParams = z.object({ requestId: z.union([z.string(), z.number()]), reason: z.string().optional() });

interface Pending {
  /** the id the host gave the request; the server sees the proxy's own (see startRecordingProxy) */
  hostId: RequestId;
  method: string;
  started: number;
  params: JSONRPCRequest['params'];
}

/**
 * A stdio MCP server that forwards every message, in both directions and unchanged, to the real
 * server it spawns, except that (1) every tools/call is recorded with its arguments, result, error
 * flag, latency and the host's clientInfo, (2) tools/list answers carry the given description
 * version, (3) when the real server dies, the host's open requests get a clear error and the
 * server starts again on the next message, and (4) a call that never gets an answer (the host
 * cancels it, or the session ends first) is still recorded, as an errored step, and (5) a message from either
 * side past MAX_MESSAGE_BYTES (src/host/bounded/limit.ts) is not passed on: a request or an answer to one is
 * answered to the host as a JSON-RPC error, recorded when it is a tools/call, and the session goes on.
 *
 * Requests reach the server under ids of the proxy's own, mapped back in each answer, so two host requests
 * sharing an id (which JSON-RPC forbids, and some hosts do) are still two calls, each answered and recorded.
 */
export async function startRecordingProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { downstream, recorder, log } = options;
  /** open requests by the id the server sees */
  const pending = new Map<number, Pending>();
  let nextUpstreamId = 1;
  let listing: Record<string, string> = {};
  let unknownWarned = false;

  const upstream = new Upstream(options.upstream, {
    message: (message) => void forwardToHost(message),
    oversize: (message) => void serverOversize(message),
    exited: (reason, stderrTail) => {
      log(`tdo proxy (${options.name}): ${reason}; it starts again on the next request.${stderrTail}`);
      for (const id of [...pending.keys()])
        void fail(id, `${options.name}: ${reason}. tdo proxy starts it again on the next request; retry the call.${stderrTail}`);
    },
    stderr: options.serverStderr,
  });

  async function fail(id: number, message: string): Promise<void> {
    const request = pending.get(id);
    if (request === undefined) return;
    pending.delete(id);
    await answerWithError(request, message);
  }

  async function answerWithError(request: Pending, message: string): Promise<void> {
    if (request.method === 'tools/call') record(request, message, true);
    await toHost({ jsonrpc: '2.0', id: request.hostId, error: { code: PROXY_ERROR_CODE, message } });
  }

  /**
   * Every message to the host goes through here. A host that went away (it quit, or closed the pipe early) fails the
   * write: that ends the session (recorded, closed, the server stopped), never the process.
   */
  async function toHost(message: JSONRPCMessage): Promise<void> {
    try {
      await downstream.send(message);
    } catch (err) {
      hostGone(err as Error);
    }
  }

  let hostGoneSaid = false;
  function hostGone(err: Error): void {
    const why = err instanceof EndlessLineError ? `the host ${err.message}` : `the host closed its end (${err.message})`;
    if (!hostGoneSaid) log(`tdo proxy (${options.name}): ${why}; the session ends`);
    hostGoneSaid = true;
    void downstream.close().catch(() => undefined);
  }

  /** An answer too long to pass on fails its request; anything else that long is dropped, and said so. */
  async function serverOversize(message: OversizeMessage): Promise<void> {
    const reason = `${options.name}: ${oversizeReason('the server sent an answer')}`;
    if (message.method === undefined && typeof message.id === 'number' && pending.has(message.id)) return fail(message.id, reason);
    log(
      `tdo proxy (${options.name}): dropped a message of ${message.bytes.toLocaleString('en-US')} bytes from the server${message.method === undefined ? '' : ` (${message.method})`}: past the limit`,
    );
  }

  /** A request too long to pass on is answered at once with the reason; a notification or answer that long is dropped. */
  async function hostOversize(message: OversizeMessage): Promise<void> {
    if (message.id !== undefined && message.method !== undefined) {
      const params = message.name === undefined ? {} : { name: message.name };
      const request: Pending = { hostId: message.id, method: message.method, started: performance.now(), params };
      return answerWithError(request, `${options.name}: ${oversizeReason('the host sent a request')}; the server did not receive it`);
    }
    log(`tdo proxy (${options.name}): dropped a message of ${message.bytes.toLocaleString('en-US')} bytes from the host: past the limit`);
  }

  function record(request: Pending, output: string, isError: boolean): void {
    const params = (request.params ?? {}) as { name?: unknown; arguments?: unknown };
    try {
      recorder.recordToolCall({
        tool: typeof params.name === 'string' ? params.name : '(no tool name)',
        args: params.arguments ?? {},
        output,
        isError,
        latencyMs: performance.now() - request.started,
      });
    } catch (err) {
      // Recording must never break the host's session.
      log(`tdo proxy (${options.name}): could not record a tool call: ${(err as Error).message}`);
    }
  }

  async function forwardToHost(message: JSONRPCMessage): Promise<void> {
    const answered = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message) ? message : undefined;
    if (answered === undefined) return toHost(message);
    const request = typeof answered.id === 'number' ? pending.get(answered.id) : undefined;
    // An answer to no open request (one the host cancelled) has no host id to go back under.
    if (request === undefined || typeof answered.id !== 'number') return;
    pending.delete(answered.id);
    if (request.method === 'tools/call') {
      if (isJSONRPCErrorResponse(answered)) record(request, answered.error.message, true);
      else record(request, flattenContent(answered.result.content), answered.result.isError === true);
    }
    const result = request.method === 'tools/list' && isJSONRPCResultResponse(answered) ? { result: servedListing(answered.result, request) } : {};
    await toHost({ ...answered, ...result, id: request.hostId } as JSONRPCMessage);
  }

  /** Records the advertised descriptions (all pages) as the seed version and substitutes the served ones. */
  function servedListing(result: Record<string, unknown>, request: Pending): Record<string, unknown> {
    const tools = Array.isArray(result.tools) ? (result.tools as Array<{ name: string; description?: string }>) : [];
    if ((request.params as { cursor?: unknown } | undefined)?.cursor === undefined) listing = {};
    for (const tool of tools) listing[tool.name] = tool.description ?? '';
    if (result.nextCursor === undefined) {
      try {
        recorder.recordAdvertised(listing);
      } catch (err) {
        log(`tdo proxy (${options.name}): could not record the advertised descriptions: ${(err as Error).message}`);
      }
    }
    const served = options.descriptions;
    if (served === undefined) return result;
    if (result.nextCursor === undefined && !unknownWarned) {
      const unknown = Object.keys(served).filter((name) => !(name in listing));
      if (unknown.length > 0) log(`tdo proxy (${options.name}): the served version describes ${boundedList(unknown)}, which the server does not list`);
      unknownWarned = true;
    }
    return { ...result, tools: tools.map((tool) => (served[tool.name] === undefined ? tool : { ...tool, description: served[tool.name] })) };
  }

  function noteHost(request: JSONRPCRequest): void {
    const params = request.params as { clientInfo?: unknown; _meta?: Record<string, unknown> } | undefined;
    const info = request.method === 'initialize' ? params?.clientInfo : params?._meta?.[CLIENT_INFO_META_KEY];
    if (info !== null && typeof info === 'object' && typeof (info as HostInfo).name === 'string') {
      const { name, version } = info as HostInfo;
      recorder.setHost({ name, ...(typeof version === 'string' ? { version } : {}) });
    }
  }

  /**
   * A host's cancellation closes the call's record (of the latest open request under that id) and reaches the
   * server under the id it knows; the server may still answer, and that answer is dropped.
   */
  function noteCancelled(message: JSONRPCMessage): JSONRPCMessage {
    const cancelled = cancelledParams.safeParse((message as { params?: unknown }).params);
    if (!cancelled.success) return message;
    const [upstreamId, request] = [...pending].reverse().find(([, open]) => open.hostId === cancelled.data.requestId) ?? [];
    if (upstreamId === undefined || request === undefined) return message;
    pending.delete(upstreamId);
    const reason = cancelled.data.reason === undefined ? '' : ` (${cancelled.data.reason})`;
    if (request.method === 'tools/call') record(request, `No answer: the host cancelled the call${reason}.`, true);
    return { ...message, params: { ...cancelled.data, requestId: upstreamId } } as JSONRPCMessage;
  }

  /** What the server receives for a host message: a request under a new id of the proxy's own. */
  function toUpstream(message: JSONRPCMessage): { message: JSONRPCMessage; id?: number } {
    if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') return { message: noteCancelled(message) };
    if (!isJSONRPCRequest(message)) return { message };
    noteHost(message);
    const id = nextUpstreamId++;
    pending.set(id, { hostId: message.id, method: message.method, started: performance.now(), params: message.params });
    const forwarded = { ...message, id };
    if (message.method === 'initialize') upstream.rememberHandshake(forwarded);
    return { message: forwarded, id };
  }

  downstream.onmessage = (received) => {
    const { message, id } = toUpstream(received);
    upstream.send(message).catch((err: Error) => {
      if (id !== undefined) void fail(id, `${options.name}: ${err.message}`);
      else log(`tdo proxy (${options.name}): could not pass on ${'method' in message ? message.method : 'a response'}: ${err.message}`);
    });
  };
  downstream.onoversize = (message) => void hostOversize(message);
  // the stdio transport reports here a failed write and a line without end, then closes: the host is gone, not a bad message
  downstream.onerror = (err) =>
    isWriteFailure(err) || err instanceof EndlessLineError
      ? hostGone(err)
      : log(`tdo proxy (${options.name}): bad message from the host, ignored: ${err.message}`);

  let finished: Promise<void> | undefined;
  const shutdown = () =>
    (finished ??= (async () => {
      await upstream.stop();
      for (const request of pending.values()) {
        if (request.method === 'tools/call') record(request, 'No answer: the session ended before the server answered.', true);
      }
      pending.clear();
      const session = recorder.finish();
      if (session !== undefined)
        log(`tdo proxy (${options.name}): recorded ${counted(session.calls, 'tool call')} as episode ${session.episodeId} of run ${session.runId}`);
    })());
  const closed = new Promise<void>((resolve, reject) => {
    downstream.onclose = () => void shutdown().then(resolve, reject);
  });
  await downstream.start();
  return {
    closed,
    async close() {
      await downstream.close();
      await shutdown();
    },
  };
}

/** A write to the host that failed (EPIPE, a destroyed stream): the host is gone. */
function isWriteFailure(err: Error): boolean {
  const { syscall, code } = err as NodeJS.ErrnoException;
  return syscall === 'write' || code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
}
