import { counted } from '../text/counted.ts';
import { forwardToServer, hostError, hostOversize } from './from-host.ts';
import { forwardToHost, serverExited, serverOversize } from './from-server.ts';
import { recordCall, say, type ProxyOptions, type ProxySession } from './proxy-session.ts';
import { Upstream } from './upstream.ts';

export interface RunningProxy {
  /** Settles once the host has gone away, the server is stopped and the session is recorded. */
  closed: Promise<void>;
  /** Ends the session from this side (a signal). */
  close(): Promise<void>;
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
  const session = openSession(options);
  const { downstream } = options;
  downstream.onmessage = (message) => forwardToServer(session, message);
  downstream.onoversize = (message) => void hostOversize(session, message);
  downstream.onerror = (err) => hostError(session, err);
  let finished: Promise<void> | undefined;
  const shutdown = () => (finished ??= endSession(session));
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

/** The session's state, with the real server it starts on the first message. */
function openSession(options: ProxyOptions): ProxySession {
  const session: ProxySession = {
    options,
    upstream: new Upstream(options.upstream, {
      message: (message) => void forwardToHost(session, message),
      oversize: (message) => void serverOversize(session, message),
      exited: (reason, stderrTail) => serverExited(session, reason, stderrTail),
      stderr: options.serverStderr,
    }),
    pending: new Map(),
    nextUpstreamId: 1,
    listing: {},
    unknownWarned: false,
    hostGoneSaid: false,
  };
  return session;
}

/** Stops the server, records each call it left unanswered and finishes the session's record. */
async function endSession(session: ProxySession): Promise<void> {
  await session.upstream.stop();
  for (const request of session.pending.values()) {
    if (request.method === 'tools/call') recordCall(session, request, 'No answer: the session ended before the server answered.', true);
  }
  session.pending.clear();
  const recorded = session.options.recorder.finish();
  if (recorded !== undefined) say(session, `recorded ${counted(recorded.calls, 'tool call')} as episode ${recorded.episodeId} of run ${recorded.runId}`);
}
