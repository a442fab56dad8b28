import { Client, ProtocolError, SdkErrorCode, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ServerSpec } from '../suite/schema.ts';
import { MAX_DESCRIPTION_CHARS } from '../../traces/index.ts';
import type { JsonSchema, ToolOutcome } from '../catalogue/catalogue-types.ts';
import { readInputSchema } from './tool-schema.ts';
import { infrastructureError, inputError } from '../errors.ts';
import { inheritedEnv } from './inherited-env.ts';
import { boundedFetch } from './bounded/fetch.ts';
import { freshConnectionFetch } from './fresh-connection-fetch.ts';
import { oversizeReason, oversizeReply } from './bounded/limit.ts';
import { BoundedReadBuffer, withBoundedReading, type OversizeMessage } from './bounded/read-buffer.ts';
import { EndlessLineError } from './bounded/lines.ts';

export interface ListedTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** One live MCP connection. Tool errors of every kind come back as outcomes, never as exceptions. */
export interface ServerConnection {
  readonly name: string;
  readonly protocolVersion: string | undefined;
  listTools(): Promise<ListedTool[]>;
  callTool(tool: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'tdo', version: '0.1.0' };
const STDERR_TAIL_CHARS = 2000;
/**
 * SdkErrorCode.ListPaginationExceeded: the SDK's own walk of tools/list pages reached its cap (ClientOptions.listMaxPages,
 * 64 by default) with the server still handing out cursors, new ones for ever or the same one with other tools.
 */
const LIST_PAGINATION_EXCEEDED = 'LIST_PAGINATION_EXCEEDED';

/**
 * The SDK's own stdio transport under another class: for a subclass the SDK sends its `server/discover` probe to the
 * session's own process instead of first starting a disposable sibling process to probe, so each server starts
 * once, not twice (its start-up, loading a runtime and an SDK, is most of what a suite waits for before the
 * first episode). A 2025-era server that exits on a request before `initialize` is started again, in legacy mode.
 */
class ProbedInPlaceStdioTransport extends StdioClientTransport {
  constructor(params: ConstructorParameters<typeof StdioClientTransport>[0]) {
    super(params);
    withBoundedReading(this, new BoundedReadBuffer(answerOversize));
  }
}

/**
 * An answer past MAX_MESSAGE_BYTES (src/host/bounded/limit.ts) becomes an error reply to its request, as over
 * HTTP (src/host/bounded/fetch.ts): the agent reads the tool's failure and the server stays connected. Anything
 * else that long (a notification, a request to tdo) is dropped; tdo answers no server requests.
 */
function answerOversize(message: OversizeMessage) {
  if (message.id === undefined || message.method !== undefined) return undefined;
  return oversizeReply(message.id, oversizeReason('the MCP server sent a message'));
}

/** Connects to one server; `signal` (Ctrl-C) gives the handshake up at once, and a server it killed is not started again. */
export async function connectServer(spec: ServerSpec, signal?: AbortSignal): Promise<ServerConnection> {
  let connected: Connected;
  try {
    connected = await connectClient(spec, 'auto', signal).catch((failure: ConnectFailure) =>
      'command' in spec && closedDuringProbe(failure) && signal?.aborted !== true ? connectClient(spec, 'legacy', signal) : Promise.reject(failure),
    );
  } catch (failure) {
    throw connectError(spec, failure as ConnectFailure);
  }
  const { client, stderrTail, cutOff } = connected;

  return {
    name: spec.name,
    protocolVersion: client.getNegotiatedProtocolVersion(),
    async listTools() {
      let listed: Awaited<ReturnType<typeof client.listTools>>;
      try {
        // Without a cursor the SDK walks every page itself, and keeps the whole list for callTool's output
        // validation; it stops a server whose paging never ends after listMaxPages pages, by throwing.
        listed = await client.listTools();
      } catch (err) {
        throw listFailure(spec.name, cutOff() === undefined ? err : new Error(cutOff()), stderrTail());
      }
      const tools: ListedTool[] = [];
      const names = new Set<string>();
      for (const t of listed.tools) {
        // Refused, not picked from: a call by that name could reach either tool, and the version recorded for the
        // server would hold only one of their texts.
        if (names.has(t.name)) {
          throw inputError(
            `MCP server "${spec.name}" lists two tools named "${t.name.slice(0, 64)}"; tdo needs each tool name once (fix the server's tool list)`,
          );
        }
        names.add(t.name);
        const description = t.description ?? '';
        // Refused, not cut: a shortened text would be recorded and judged as if the server had sent it.
        if (description.length > MAX_DESCRIPTION_CHARS) {
          throw inputError(
            `MCP server "${spec.name}" advertises a description of ${description.length.toLocaleString('en-US')} characters for tool "${t.name.slice(0, 64)}"; ` +
              `tdo reads at most ${MAX_DESCRIPTION_CHARS.toLocaleString('en-US')} (shorten it, or serve another descriptions file)`,
          );
        }
        const read = readInputSchema(t.inputSchema);
        // Refused when not a JSON Schema: every reader (sim, search, proposers, suite check) takes it as listed.
        if ('problem' in read) {
          throw inputError(
            `MCP server "${spec.name}" lists tool "${t.name.slice(0, 64)}" with an input schema tdo cannot read: ${read.problem} (fix the server's tool list)`,
          );
        }
        tools.push({ name: t.name, description, inputSchema: read.schema });
      }
      return tools;
    },
    async callTool(tool, args) {
      try {
        const result = await client.callTool({ name: tool, arguments: args });
        const structured = result.structuredContent;
        return {
          text: flattenContent(result.content),
          isError: result.isError === true,
          ...(structured !== null && typeof structured === 'object' && !Array.isArray(structured) ? { structured: structured as Record<string, unknown> } : {}),
        };
      } catch (err) {
        // Both reach the agent as error results it can read; only a server that did not answer (anything but
        // its own JSON-RPC error reply) marks the call as an outage.
        const tail = stderrTail().trim() ? ` (server stderr: ${stderrTail().trim().split('\n').slice(-3).join(' | ')})` : '';
        const text = `Error calling ${tool} on ${spec.name}: ${cutOff() ?? withRootCause(err)}${tail}`;
        return err instanceof ProtocolError ? { text, isError: true } : { text, isError: true, unreachable: true };
      }
    },
    async close() {
      await client.close();
    },
  };
}

interface Connected {
  client: Client;
  /** the server's latest stderr, for error messages */
  stderrTail: () => string;
  /** why the connection was cut, when tdo cut it (a line without end) */
  cutOff: () => string | undefined;
}

/** A failed connect, with the server's stderr as it stood then. */
class ConnectFailure extends Error {
  constructor(
    failure: unknown,
    readonly stderr: string,
  ) {
    super((failure as Error).message, { cause: failure });
  }
}

async function connectClient(spec: ServerSpec, mode: 'auto' | 'legacy', signal: AbortSignal | undefined): Promise<Connected> {
  // 'auto' speaks 2026-07-28 and falls back to `initialize` for 2025-era servers; 'legacy' sends `initialize` only.
  const client = new Client(CLIENT_INFO, { versionNegotiation: { mode } });
  let stderrTail = '';
  let cutOff: string | undefined;
  // the stdio transport reports a line without end here, then closes: what fails after that says why
  client.onerror = (err) => {
    if (err instanceof EndlessLineError) cutOff ??= `the server ${err.message}`;
  };
  let transport;
  if ('url' in spec) {
    transport = new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers }, fetch: boundedFetch(freshConnectionFetch) });
  } else {
    const stdio = new ProbedInPlaceStdioTransport({
      command: spec.command,
      args: spec.args,
      env: { ...inheritedEnv(), ...spec.env },
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
      stderr: 'pipe',
    });
    // Drain the server's stderr (a full pipe would block it) and keep its tail for error messages.
    stdio.stderr?.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    transport = stdio;
  }
  try {
    await client.connect(transport, signal === undefined ? undefined : { signal });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw new ConnectFailure(cutOff === undefined ? err : new Error(cutOff), stderrTail);
  }
  return { client, stderrTail: () => stderrTail, cutOff: () => cutOff };
}

/** The SDK's verdict for a server that closed the connection on the in-place `server/discover` probe. */
function closedDuringProbe(failure: ConnectFailure): boolean {
  return /closed during the server\/discover probe/.test(failure.message);
}

function connectError(spec: ServerSpec, failure: ConnectFailure) {
  if ('command' in spec && rootCode(failure) === 'ENOENT') {
    return inputError(
      `cannot start MCP server "${spec.name}": the command "${spec.command}" was not found (install it, or give its full path in the server's command)`,
    );
  }
  const where = 'url' in spec ? spec.url : [spec.command, ...spec.args].join(' ');
  const tail = failure.stderr.trim() ? `\nserver stderr:\n${failure.stderr.trim()}` : '';
  return infrastructureError(`cannot connect to MCP server "${spec.name}" (${where}): ${withRootCause(failure)}${tail}`);
}

const CAUSE_CHARS = 300;

/**
 * Why tools/list failed, in one line: the server exited or stopped answering (the SDK's request timeout, 60 s),
 * sent a list the protocol's schema refuses, or one nested too deeply to read (the SDK's validation overflows
 * the stack on an input schema thousands of levels deep), or paged without end.
 */
function listFailure(server: string, err: unknown, stderr: string) {
  if ((err as { code?: unknown }).code === LIST_PAGINATION_EXCEEDED) {
    const cap = (err as { data?: { listMaxPages?: unknown } }).data?.listMaxPages;
    return inputError(
      `MCP server "${server}" was still handing out tools/list cursors after ${typeof cap === 'number' ? cap : 'the most'} pages (new ones without end, or one it had given before); ` +
        "tdo stopped listing its tools: fix the server's paging",
    );
  }
  const cause = err instanceof RangeError ? 'its answer is nested too deeply to read (an input schema thousands of levels deep?)' : oneLine(withRootCause(err));
  const tail = stderr.trim() ? ` (server stderr: ${oneLine(stderr.trim().split('\n').slice(-3).join(' | '))})` : '';
  // a list the server sent but tdo cannot read is the server's to fix (input); one it did not send is an outage
  const unreadable = err instanceof RangeError || (err as { code?: unknown }).code === SdkErrorCode.InvalidResult;
  return (unreadable ? inputError : infrastructureError)(`MCP server "${server}" failed during tools/list: ${cause}${tail}`, { cause: err });
}

/**
 * The error's message and, when it wraps one, the innermost cause's: fetch says only "fetch failed", and
 * which socket error it was ("ECONNREFUSED", "other side closed") tells a server that is down from one that
 * dropped the connection.
 */
function rootOf(err: unknown): unknown {
  let root = err;
  for (let depth = 0; depth < 8 && root instanceof Error && root.cause instanceof Error; depth++) root = root.cause;
  return root;
}

function rootCode(err: unknown): unknown {
  return (rootOf(err) as { code?: unknown } | undefined)?.code;
}

function withRootCause(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const root = rootOf(err);
  if (root === err || !(root instanceof Error) || message.includes(root.message)) return message;
  const code = (root as { code?: unknown }).code;
  return `${message} (${typeof code === 'string' && !root.message.includes(code) ? `${code}: ` : ''}${root.message})`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > CAUSE_CHARS ? `${flat.slice(0, CAUSE_CHARS)}...` : flat;
}

type ContentItem = { type: string; text?: string; mimeType?: string; uri?: string; resource?: { uri?: string; text?: string } };

/** Tool results as the text a model reads: text parts joined, other parts named by type. */
export function flattenContent(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return (content as ContentItem[])
    .map((item) => {
      if (item.type === 'text') return item.text ?? '';
      if (item.type === 'resource') return item.resource?.text ?? `[resource ${item.resource?.uri ?? ''}]`;
      if (item.type === 'resource_link') return `[resource link ${item.uri ?? ''}]`;
      return `[${item.type}${item.mimeType ? ` ${item.mimeType}` : ''}]`;
    })
    .join('\n');
}
