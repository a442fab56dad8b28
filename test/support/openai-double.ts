/**
 * A local OpenAI-compatible chat-completions server for tests: real HTTP on 127.0.0.1, the real
 * wire format, scripted replies, and every request recorded. Like the real API it rejects
 * malformed requests with 400 (bad tool names or schemas, tool messages that answer no call,
 * calls left unanswered), so an agent that passes here sends what a real endpoint accepts.
 *
 *   const double = await startOpenAiDouble(scripted([callTool('read_file', { path: 'notes.txt' }), finalAnswer('42')]));
 *   new ChatClient({ model: 'test-model', baseURL: double.baseURL, apiKey: 'test-key' });
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';

const toolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const messageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('system'), content: z.string() }),
  z.looseObject({ role: z.literal('developer'), content: z.string() }),
  z.looseObject({ role: z.literal('user'), content: z.string() }),
  z.looseObject({ role: z.literal('assistant'), content: z.string().nullish(), tool_calls: z.array(toolCallSchema).optional() }),
  z.looseObject({ role: z.literal('tool'), tool_call_id: z.string().min(1), content: z.string() }),
]);

const functionToolSchema = z.object({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'function names must match ^[a-zA-Z0-9_-]{1,64}$'),
    description: z.string().optional(),
    parameters: z.looseObject({ type: z.literal('object', "function parameters must be a JSON Schema of type 'object'") }).optional(),
  }),
});

export const chatRequestBodySchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  tools: z.array(functionToolSchema).optional(),
  tool_choice: z.unknown().optional(),
});

export type ChatRequestBody = z.infer<typeof chatRequestBodySchema>;
export type ChatRequestMessage = ChatRequestBody['messages'][number];

export interface ToolCallSpec {
  name: string;
  /** An object is sent as JSON; a string is sent verbatim (e.g. to send broken JSON). */
  args: Record<string, unknown> | string;
}

/** The usage to report, as any endpoint may: numbers are sent as given, negative or not adding up included. */
export interface UsageSpec {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_tokens_details?: { cached_tokens: number };
}

export interface MessageReply {
  kind: 'message';
  content: string | null;
  toolCalls: ToolCallSpec[];
  /** Absent: estimated from the request and the reply; null: no usage sent, as some servers and gateways do. */
  usage?: UsageSpec | null;
  /** Sent as the choice's finish_reason instead of 'tool_calls' or 'stop' (null included). */
  finishReason?: string | null;
  /** More fields of the message, as a server adds them (e.g. reasoning_content). */
  extraFields?: Record<string, unknown>;
}

export type DoubleReply =
  | MessageReply
  | { kind: 'status'; status: number; headers: Record<string, string>; message: string }
  /** Any JSON body, for servers that bend the format. */
  | { kind: 'raw'; status: number; body: unknown }
  /** Headers at once, then the completion one byte every `intervalMs`: an endpoint that trickles. */
  | { kind: 'trickle'; reply: MessageReply; intervalMs: number }
  /** Headers at once, then nothing, ever: an endpoint that stalls mid-answer. */
  | { kind: 'stall' }
  /** No answer at all: the connection is closed under the request, as an endpoint dropping a kept-alive socket does. */
  | { kind: 'hangup' }
  /** `reply`, after `afterMs` with nothing sent, not even the headers: a model slow to its first token. */
  | { kind: 'late'; reply: DoubleReply; afterMs: number };

/** Decides the reply to one request. `callIndex` counts every HTTP request, failures included, from 0. */
export type ReplyHandler = (body: ChatRequestBody, callIndex: number) => DoubleReply | Promise<DoubleReply>;

export function callTool(name: string, args: ToolCallSpec['args']): DoubleReply {
  return callTools([{ name, args }]);
}

export function callTools(calls: ToolCallSpec[]): DoubleReply {
  return { kind: 'message', content: null, toolCalls: calls };
}

export function finalAnswer(text: string): DoubleReply {
  return { kind: 'message', content: text, toolCalls: [] };
}

export function httpStatus(status: number, options: { retryAfter?: string; message?: string } = {}): DoubleReply {
  return {
    kind: 'status',
    status,
    headers: options.retryAfter === undefined ? {} : { 'retry-after': options.retryAfter },
    message: options.message ?? `simulated HTTP ${status}`,
  };
}

/** `reply` reporting `usage` instead of the double's own count; null sends no usage at all. */
export function withUsage(reply: DoubleReply, usage: UsageSpec | null): DoubleReply {
  if (reply.kind !== 'message') throw new Error('withUsage sets the usage of a completion: give it finalAnswer(...) or callTool(...)');
  return { ...reply, usage };
}

export function rawReply(body: unknown, status = 200): DoubleReply {
  return { kind: 'raw', status, body };
}

/** `reply` sent one byte every `intervalMs` after the headers (a real endpoint under load, or a hostile one). */
export function trickle(reply: DoubleReply, intervalMs = 2000): DoubleReply {
  if (reply.kind !== 'message') throw new Error('trickle sends a completion: give it finalAnswer(...) or callTool(...)');
  return { kind: 'trickle', reply, intervalMs };
}

/** The connection closed with no answer. */
export function hangup(): DoubleReply {
  return { kind: 'hangup' };
}

/** 200 and the headers, then silence until the client gives up. */
export function stall(): DoubleReply {
  return { kind: 'stall' };
}

/** `reply` after `afterMs` of silence before the headers; a client that hangs up first ends the wait. */
export function late(reply: DoubleReply, afterMs: number): DoubleReply {
  return { kind: 'late', reply, afterMs };
}

/** How many assistant turns the conversation already holds: the model's position in the episode, unaffected by retries. */
export function turnOf(body: ChatRequestBody): number {
  return body.messages.filter((message) => message.role === 'assistant').length;
}

/** The texts of the tool results so far, in order. */
export function toolResultsOf(body: ChatRequestBody): string[] {
  return body.messages.flatMap((message) => (message.role === 'tool' ? [message.content] : []));
}

/** Replies in order, one per assistant turn. */
export function scripted(replies: DoubleReply[]): ReplyHandler {
  return (body) => {
    const reply = replies[turnOf(body)];
    if (reply === undefined) throw new Error(`the script has ${replies.length} replies and no reply for turn ${turnOf(body)}`);
    return reply;
  };
}

export interface ReaderStep {
  /** A word the wanted tool's description contains (case-insensitive); the first such tool is called. */
  toolAbout: string;
  /** Arguments, possibly computed from the tool results read so far. */
  args: Record<string, unknown> | ((results: string[]) => Record<string, unknown>);
}

/**
 * A model that reads: at each turn it picks the first offered tool whose description mentions
 * the step's word, as a model reading descriptions would, so nothing depends on tool names.
 * After the steps it answers from the results; with no fitting tool it says so and stops.
 */
export function readerModel(steps: ReaderStep[], answer: (results: string[]) => string): ReplyHandler {
  return (body) => {
    const results = toolResultsOf(body);
    const step = steps[turnOf(body)];
    if (step === undefined) return finalAnswer(answer(results));
    const tool = (body.tools ?? []).find((candidate) => (candidate.function.description ?? '').toLowerCase().includes(step.toolAbout.toLowerCase()));
    if (tool === undefined) return finalAnswer(`No tool is about "${step.toolAbout}".`);
    return callTool(tool.function.name, typeof step.args === 'function' ? step.args(results) : step.args);
  };
}

export interface RecordedRequest {
  index: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
  reply: { status: number; body: unknown };
  /** How long the reply was held back by `latency` (0 without it, and for a rate-limited request). */
  delayMs: number;
  /** performance.now() in the double's process when the request arrived and when its reply was sent (or began) */
  arrivedAt: number;
  repliedAt: number;
}

export interface OpenAiDoubleOptions {
  /** Replies that replace the handler's for these call indexes, e.g. { 0: httpStatus(429, { retryAfter: '0' }) }. */
  failures?: Record<number, DoubleReply>;
  /** Every reply waits `fixedMs` plus a uniform draw in [0, jitterMs) before it is sent: a model's response time. */
  latency?: { fixedMs: number; jitterMs?: number };
  /**
   * An endpoint's rate limit: a chat request that would make more than `requests` requests, or more than `tokens`
   * prompt tokens (estimated as in `usage`), in the last `windowMs` (default one minute) is answered at once with
   * 429, Retry-After (whole seconds) and retry-after-ms (when enough of the window has passed). A refused request
   * does not count towards the limit.
   */
  rateLimit?: { requests?: number; tokens?: number; windowMs?: number };
}

export interface OpenAiDouble {
  /** Base URL for an OpenAI client, ending in /v1. */
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const CHAT_PATHS = new Set(['/v1/chat/completions', '/chat/completions']);

export async function startOpenAiDouble(handler: ReplyHandler, options: OpenAiDoubleOptions = {}): Promise<OpenAiDouble> {
  const requests: RecordedRequest[] = [];
  const window = options.rateLimit === undefined ? undefined : new RateWindow(options.rateLimit);

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // a rate limit counts a request from its arrival, before its body is read
    const arrivedAt = performance.now();
    const index = requests.length;
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const text = await readBody(req);
    const body = parseJson(text);
    const entry: RecordedRequest = {
      index,
      method: req.method ?? '',
      path,
      headers: req.headers,
      body,
      reply: { status: 0, body: undefined },
      delayMs: 0,
      arrivedAt,
      repliedAt: 0,
    };
    requests.push(entry);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      entry.reply = { status, body: payload };
      entry.repliedAt = performance.now();
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    };

    if (!CHAT_PATHS.has(path)) return send(404, apiError(`Unknown request URL: ${req.method} ${path}`, 'invalid_request_error'));
    if (req.method !== 'POST') return send(405, apiError(`Method ${req.method} not allowed`, 'invalid_request_error'));
    if (body === undefined) return send(400, apiError('We could not parse the JSON body of your request.', 'invalid_request_error'));
    const parsed = chatRequestBodySchema.safeParse(body);
    if (!parsed.success) return send(400, apiError(`Invalid request: ${z.prettifyError(parsed.error)}`, 'invalid_request_error'));
    const conversationProblem = checkToolTurns(parsed.data.messages);
    if (conversationProblem !== undefined) return send(400, apiError(conversationProblem, 'invalid_request_error'));
    const waitMs = window?.admit(arrivedAt, estimateTokens(JSON.stringify(parsed.data.messages)));
    if (waitMs !== undefined) {
      return send(429, apiError(`Rate limit reached (${window!.describe()}). Please try again in ${waitMs} ms.`, 'requests'), {
        'retry-after': String(Math.ceil(waitMs / 1000)),
        'retry-after-ms': String(waitMs),
      });
    }

    let reply: DoubleReply | undefined;
    try {
      reply = options.failures?.[index] ?? (await handler(parsed.data, index));
    } catch (error) {
      return send(500, apiError(`double handler failed: ${(error as Error).message}`, 'server_error'));
    }
    if (options.latency !== undefined) {
      entry.delayMs = options.latency.fixedMs + Math.random() * (options.latency.jitterMs ?? 0);
      await delay(entry.delayMs);
    }
    while (reply?.kind === 'late') reply = await untilClosed(res, reply.afterMs, reply.reply);
    if (reply === undefined) return;
    if (reply.kind === 'status') return send(reply.status, apiError(reply.message, 'simulated_error'), reply.headers);
    if (reply.kind === 'raw') return send(reply.status, reply.body);
    if (reply.kind === 'hangup') {
      req.socket.destroy();
      return;
    }
    if (reply.kind === 'stall' || reply.kind === 'trickle') {
      const payload = reply.kind === 'trickle' ? completionBody(reply.reply, parsed.data, index) : undefined;
      entry.reply = { status: 200, body: payload };
      entry.repliedAt = performance.now();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      if (reply.kind === 'trickle') trickleOut(res, JSON.stringify(payload), reply.intervalMs);
      return;
    }
    send(200, completionBody(reply, parsed.data, index));
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive; without this close() would wait for them to idle out.
        server.closeAllConnections();
      }),
  };
}

/** The admitted requests of the last window, as arrival time and prompt tokens, against the limits. */
class RateWindow {
  private readonly admitted: Array<{ at: number; tokens: number }> = [];
  private readonly windowMs: number;

  constructor(private readonly limits: { requests?: number; tokens?: number; windowMs?: number }) {
    this.windowMs = limits.windowMs ?? 60_000;
  }

  /** Counts the request and returns undefined, or returns how many milliseconds until it would fit. */
  admit(now: number, tokens: number): number | undefined {
    while (this.admitted.length > 0 && this.admitted[0]!.at <= now - this.windowMs) this.admitted.shift();
    const fitsAfter = Math.max(this.requestsFitAfter(), this.tokensFitAfter(tokens));
    if (fitsAfter >= 0) return Math.max(1, Math.ceil(this.admitted[fitsAfter]!.at + this.windowMs - now));
    // bodies are read concurrently, so a request may be admitted after one that arrived later
    const later = this.admitted.findIndex((request) => request.at > now);
    this.admitted.splice(later === -1 ? this.admitted.length : later, 0, { at: now, tokens });
    return undefined;
  }

  describe(): string {
    const parts = [
      this.limits.requests === undefined ? '' : `${this.limits.requests} requests`,
      this.limits.tokens === undefined ? '' : `${this.limits.tokens} tokens`,
    ];
    return `${parts.filter(Boolean).join(' and ')} per ${this.windowMs} ms`;
  }

  /** The index of the admitted request that must leave the window before one more request fits; -1 when it fits now. */
  private requestsFitAfter(): number {
    const limit = this.limits.requests;
    return limit === undefined || this.admitted.length < limit ? -1 : this.admitted.length - limit;
  }

  private tokensFitAfter(tokens: number): number {
    const limit = this.limits.tokens;
    if (limit === undefined) return -1;
    let inWindow = this.admitted.reduce((sum, request) => sum + request.tokens, 0);
    let index = -1;
    // a request larger than the whole limit fits once the window is empty, as the real API lets it through to fail on its own
    while (inWindow + tokens > limit && index < this.admitted.length - 1) inWindow -= this.admitted[++index]!.tokens;
    return index;
  }
}

/** The real API's rule: each assistant tool call is answered by a tool message before anything else. */
function checkToolTurns(messages: ChatRequestMessage[]): string | undefined {
  let open = new Set<string>();
  for (const [i, message] of messages.entries()) {
    if (message.role === 'tool') {
      if (!open.delete(message.tool_call_id)) {
        return `Invalid parameter: messages[${i}] with role 'tool' must be a response to a preceding message with 'tool_calls' (no open call has id "${message.tool_call_id}").`;
      }
      continue;
    }
    if (open.size > 0) {
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. Missing: ${[...open].join(', ')}.`;
    }
    if (message.role === 'assistant') open = new Set((message.tool_calls ?? []).map((call) => call.id));
  }
  return open.size > 0 ? `The last assistant message's tool calls are unanswered: ${[...open].join(', ')}.` : undefined;
}

function completionBody(reply: MessageReply, request: ChatRequestBody, index: number) {
  const toolCalls = reply.toolCalls.map((call, k) => ({
    id: `call_${index}_${k}`,
    type: 'function' as const,
    function: { name: call.name, arguments: typeof call.args === 'string' ? call.args : JSON.stringify(call.args) },
  }));
  const usage =
    reply.usage !== undefined
      ? reply.usage
      : {
          prompt_tokens: estimateTokens(JSON.stringify(request.messages)),
          completion_tokens: estimateTokens((reply.content ?? '') + toolCalls.map((call) => call.function.name + call.function.arguments).join('')),
        };
  return {
    id: `chatcmpl-double-${index}`,
    object: 'chat.completion',
    created: 1_796_000_000 + index,
    model: request.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.content,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          ...reply.extraFields,
        },
        logprobs: null,
        finish_reason: reply.finishReason !== undefined ? reply.finishReason : toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    ...(usage === null ? {} : { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
  };
}

/** About four characters per token, as a stand-in that is stable across runs. */
function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Writes `text` one byte per tick; stops when the client hangs up (or close() drops the connection). */
function trickleOut(res: ServerResponse, text: string, intervalMs: number): void {
  const bytes = Buffer.from(text, 'utf8');
  let sent = 0;
  const timer = setInterval(() => {
    res.write(bytes.subarray(sent, sent + 1));
    if (++sent === bytes.length) {
      clearInterval(timer);
      res.end();
    }
  }, intervalMs);
  res.on('close', () => clearInterval(timer));
}

/** `value` after `ms`, or undefined as soon as the client hangs up (or close() drops the connection). */
async function untilClosed<T>(res: ServerResponse, ms: number, value: T): Promise<T | undefined> {
  const hungUp = new AbortController();
  res.on('close', () => hungUp.abort());
  return delay(ms, value, { signal: hungUp.signal }).catch(() => undefined);
}

function apiError(message: string, type: string) {
  return { error: { message, type, param: null, code: null } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
