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
import type { HostInfo, SessionRecorder } from './session-recorder.ts';
import { Upstream, type UpstreamCommand } from './upstream.ts';

export interface ProxyOptions {
  /** The server's name in the trace store and in messages. */
  name: string;
  upstream: UpstreamCommand;
  /** The host's side, e.g. a StdioServerTransport over this process's stdin/stdout. */
  downstream: Transport;
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
 * cancels it, or the session ends first) is still recorded, as an errored step.
 */
export async function startRecordingProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { downstream, recorder, log } = options;
  const pending = new Map<RequestId, Pending>();
  let listing: Record<string, string> = {};
  let unknownWarned = false;

  const upstream = new Upstream(options.upstream, {
    message: (message) => void forwardToHost(message),
    exited: (reason, stderrTail) => {
      log(`tdo proxy (${options.name}): ${reason}; it starts again on the next request.${stderrTail}`);
      for (const id of [...pending.keys()])
        void fail(id, `${options.name}: ${reason}. tdo proxy starts it again on the next request; retry the call.${stderrTail}`);
    },
    stderr: options.serverStderr,
  });

  async function fail(id: RequestId, message: string): Promise<void> {
    const request = pending.get(id);
    if (request === undefined) return;
    pending.delete(id);
    if (request.method === 'tools/call') record(request, message, true);
    await downstream.send({ jsonrpc: '2.0', id, error: { code: PROXY_ERROR_CODE, message } });
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
    const request = answered?.id === undefined ? undefined : pending.get(answered.id);
    if (answered !== undefined && request !== undefined && answered.id !== undefined) {
      pending.delete(answered.id);
      if (request.method === 'tools/call') {
        if (isJSONRPCErrorResponse(answered)) record(request, answered.error.message, true);
        else record(request, flattenContent(answered.result.content), answered.result.isError === true);
      }
      if (request.method === 'tools/list' && isJSONRPCResultResponse(answered)) {
        message = { ...answered, result: servedListing(answered.result, request) };
      }
    }
    await downstream.send(message);
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
      if (unknown.length > 0) log(`tdo proxy (${options.name}): the served version describes ${unknown.join(', ')}, which the server does not list`);
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

  /** A host's cancellation closes the call's record; the server may still answer, and the host ignores it. */
  function noteCancelled(params: unknown): void {
    const cancelled = cancelledParams.safeParse(params);
    const request = cancelled.success ? pending.get(cancelled.data.requestId) : undefined;
    if (!cancelled.success || request === undefined) return;
    pending.delete(cancelled.data.requestId);
    const reason = cancelled.data.reason === undefined ? '' : ` (${cancelled.data.reason})`;
    if (request.method === 'tools/call') record(request, `No answer: the host cancelled the call${reason}.`, true);
  }

  downstream.onmessage = (message) => {
    if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') noteCancelled(message.params);
    if (isJSONRPCRequest(message)) {
      noteHost(message);
      if (message.method === 'initialize') upstream.rememberHandshake(message);
      pending.set(message.id, { method: message.method, started: performance.now(), params: message.params });
    }
    upstream.send(message).catch((err: Error) => {
      if (isJSONRPCRequest(message)) void fail(message.id, `${options.name}: ${err.message}`);
      else log(`tdo proxy (${options.name}): could not pass on ${'method' in message ? message.method : 'a response'}: ${err.message}`);
    });
  };
  downstream.onerror = (err) => log(`tdo proxy (${options.name}): bad message from the host, ignored: ${err.message}`);

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
        log(`tdo proxy (${options.name}): recorded ${session.calls} tool call(s) as episode ${session.episodeId} of run ${session.runId}`);
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
