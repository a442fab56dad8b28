import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/client';
import { EndlessLineError } from '../host/bounded/lines.ts';
import type { HostTransport } from './host-stdio.ts';
import type { SessionRecorder } from './session-recorder.ts';
import type { Upstream, UpstreamCommand } from './upstream.ts';

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

export interface Pending {
  /** the id the host gave the request; the server sees the proxy's own (see startRecordingProxy in src/proxy/proxy.ts) */
  hostId: RequestId;
  method: string;
  started: number;
  params: JSONRPCRequest['params'];
}

/** One host's session through the proxy: what both directions of src/proxy/proxy.ts share. */
export interface ProxySession {
  readonly options: ProxyOptions;
  readonly upstream: Upstream;
  /** open requests by the id the server sees */
  readonly pending: Map<number, Pending>;
  nextUpstreamId: number;
  /** the advertised descriptions of the tools/list pages read so far */
  listing: Record<string, string>;
  unknownWarned: boolean;
  hostGoneSaid: boolean;
}

/** -32603: the JSON-RPC "internal error" a host shows as the call's failure. */
const PROXY_ERROR_CODE = -32603;

/** A diagnostic line for the user, naming the proxy's server. */
export function say(session: ProxySession, text: string): void {
  session.options.log(`tdo proxy (${session.options.name}): ${text}`);
}

/**
 * Every message to the host goes through here. A host that went away (it quit, or closed the pipe early) fails the
 * write: that ends the session (recorded, closed, the server stopped), never the process.
 */
export async function toHost(session: ProxySession, message: JSONRPCMessage): Promise<void> {
  try {
    await session.options.downstream.send(message);
  } catch (err) {
    hostGone(session, err as Error);
  }
}

export function hostGone(session: ProxySession, err: Error): void {
  const why = err instanceof EndlessLineError ? `the host ${err.message}` : `the host closed its end (${err.message})`;
  if (!session.hostGoneSaid) say(session, `${why}; the session ends`);
  session.hostGoneSaid = true;
  void session.options.downstream.close().catch(() => undefined);
}

/** Ends the open request the server knows as `id` with an error to the host. */
export async function fail(session: ProxySession, id: number, message: string): Promise<void> {
  const request = session.pending.get(id);
  if (request === undefined) return;
  session.pending.delete(id);
  await answerWithError(session, request, message);
}

export async function answerWithError(session: ProxySession, request: Pending, message: string): Promise<void> {
  if (request.method === 'tools/call') recordCall(session, request, message, true);
  await toHost(session, { jsonrpc: '2.0', id: request.hostId, error: { code: PROXY_ERROR_CODE, message } });
}

export function recordCall(session: ProxySession, request: Pending, output: string, isError: boolean): void {
  const params = (request.params ?? {}) as { name?: unknown; arguments?: unknown };
  try {
    session.options.recorder.recordToolCall({
      tool: typeof params.name === 'string' ? params.name : '(no tool name)',
      args: params.arguments ?? {},
      output,
      isError,
      latencyMs: performance.now() - request.started,
    });
  } catch (err) {
    // Recording must never break the host's session.
    say(session, `could not record a tool call: ${(err as Error).message}`);
  }
}
