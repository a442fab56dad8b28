import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import * as z from 'zod';
import { chatCompletionSchema, errorBodySchema, type AssistantMessage, type ChatCompletionReply } from './completion-schema.ts';
import { resolveEndpoint } from './endpoint.ts';
import { estimateRequestTokens, type ModelRateLimiter } from './rate-limiter.ts';
import { requestCacheKey, type ResponseCache } from './response-cache.ts';
import type { CassettePlayer, CassetteRecorder } from './cassette.ts';
import { inputError, TdoError } from '../errors.ts';
import { countedUsage, reportedUsage, type TokenUsage } from './usage.ts';
import type { ModelSpend } from './spend.ts';
import { AttemptFailedError, serverRequestedDelayMs, withRetries, type RetryPolicy } from './retry.ts';

/** Everything of a chat-completions request except the model, which the client fixes. */
export type ChatRequest = Omit<ChatCompletionCreateParamsNonStreaming, 'model'>;

export interface ChatResult {
  completion: ChatCompletionReply;
  /** The first choice's message. */
  message: AssistantMessage;
  /** True when served from the response cache or a replayed cassette, without any HTTP call. */
  cached: boolean;
  latencyMs: number;
  /** Retries spent on 429/5xx answers before the completion arrived (0 when cached). */
  retries: number;
  /** The tokens the call is counted by; null for a cached answer whose recorded usage does not add up. */
  usage: TokenUsage | null;
  /** Why `usage` is tdo's estimate and not the endpoint's (src/models/usage.ts); absent when it is the endpoint's. */
  tokensEstimated?: string;
  /**
   * Dollars at the configured price (src/models/spend.ts); 0 for an answer from the response cache or a cassette
   * (no call was made); null when the model has no price.
   */
  cost: number | null;
}

/** What an agent needs from a model; ChatClient is the real one. */
export interface ChatModel {
  readonly model: string;
  complete(request: ChatRequest): Promise<ChatResult>;
}

/**
 * A model call that failed for good (unreachable, 429/5xx after the retries, past its deadline, refused, a
 * malformed answer): an outage of the endpoint, never an answer. The message says what to fix where we can tell.
 */
export class ModelCallError extends TdoError {
  override name = 'ModelCallError';

  constructor(
    message: string,
    readonly retries: number,
    readonly status?: number,
  ) {
    super('infrastructure', message);
  }
}

const optionsSchema = z.object({
  model: z.string().trim().min(1, 'a model name is required (e.g. --model gpt-4o-mini)'),
  maxRetries: z.number().int().nonnegative().default(3),
  timeoutMs: z.number().int().positive().default(120_000),
  retryBaseDelayMs: z.number().nonnegative().default(500),
  retryMaxDelayMs: z.number().nonnegative().default(60_000),
});

export interface ChatClientOptions {
  model: string;
  /** Defaults to OPENAI_BASE_URL. */
  baseURL?: string;
  /** Defaults to OPENAI_API_KEY. */
  apiKey?: string;
  /** Retries on 429 and 5xx, with exponential backoff or the server's Retry-After. Default 3. */
  maxRetries?: number;
  /** Deadline of each HTTP attempt, headers and body together. Default 120 s. */
  timeoutMs?: number;
  cache?: ResponseCache;
  /** First backoff delay, doubled per retry. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest single wait, also for a Retry-After the server sends. Default 60 s. */
  retryMaxDelayMs?: number;
  /** Where OPENAI_* defaults come from. Default process.env. */
  env?: NodeJS.ProcessEnv;
  /** How backoff waits; injectable so a caller can observe the delays. */
  sleep?: (ms: number) => Promise<void>;
  /** Requests and tokens per minute, shared with every other client given the same limiter. */
  rateLimiter?: ModelRateLimiter;
  /** Prices each call and counts it towards the caps, shared with every other client given the same meter. */
  spend?: ModelSpend;
  /** Writes every request and its answer, fresh or cached (`--record`). */
  recorder?: CassetteRecorder;
  /** Answers every request from a cassette instead of an endpoint, which is then not needed (`--replay`). */
  player?: CassettePlayer;
}

/**
 * Chat completions against any OpenAI-compatible endpoint through the `openai` SDK.
 * The SDK's own retry is switched off: it also retries 408/409 and connection errors, obeys
 * x-should-retry, waits any Retry-After however long, and does not report how many retries it
 * spent; ours retries exactly 429 and 5xx and counts.
 */
export class ChatClient implements ChatModel {
  readonly model: string;
  readonly baseURL: string;
  private readonly sdk: OpenAI | undefined;
  private readonly recorder: CassetteRecorder | undefined;
  private readonly player: CassettePlayer | undefined;
  private readonly cache: ResponseCache | undefined;
  private readonly retryPolicy: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly rateLimiter: ModelRateLimiter | undefined;
  private readonly spend: ModelSpend | undefined;
  /** Set once the endpoint refused tool_choice: from then on it is left out (see send()). */
  private toolChoiceRefused = false;

  constructor(options: ChatClientOptions) {
    const parsed = optionsSchema.safeParse(options);
    if (!parsed.success) throw inputError(`Invalid model client options: ${z.prettifyError(parsed.error)}`);
    const { model, maxRetries, timeoutMs, retryBaseDelayMs, retryMaxDelayMs } = parsed.data;
    if (options.player !== undefined && options.recorder !== undefined) throw inputError('Give --record or --replay, not both.');
    const endpoint = options.player === undefined ? resolveEndpoint({ baseURL: options.baseURL, apiKey: options.apiKey }, options.env) : undefined;
    this.model = model;
    this.baseURL = endpoint?.baseURL ?? `the cassette ${options.player!.path}`;
    this.recorder = options.recorder;
    this.player = options.player;
    this.timeoutMs = timeoutMs;
    this.cache = options.cache;
    this.rateLimiter = options.rateLimiter;
    this.spend = options.spend;
    this.retryPolicy = { maxRetries, baseDelayMs: retryBaseDelayMs, maxDelayMs: retryMaxDelayMs, sleep: options.sleep ?? sleep };
    this.sdk = endpoint && new OpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey, maxRetries: 0, timeout: timeoutMs });
  }

  async complete(request: ChatRequest): Promise<ChatResult> {
    const started = performance.now();
    const body: ChatCompletionCreateParamsNonStreaming = { ...request, model: this.model, stream: false };
    if (this.player !== undefined) return this.replay(body, started);
    const key = this.cache === undefined ? undefined : requestCacheKey(this.baseURL, body);
    const hit = key === undefined ? undefined : this.fromCache(key);
    if (hit !== undefined) {
      this.recorder?.record(body, hit.raw);
      return { ...toResult(hit.completion, { cached: true, retries: 0, started }), cost: 0 };
    }

    const { value: raw, retries } = await this.send(this.toolChoiceRefused ? withoutToolChoice(body) : body);
    const completion = this.parseAnswer(raw, retries);
    if (key !== undefined) this.cache?.put(key, JSON.stringify(raw));
    this.recorder?.record(body, raw);
    const { usage, estimated } = countedUsage(completion.usage, body, completion.choices[0]!.message);
    const cost = this.spend === undefined ? null : this.spend.charge(this.model, usage);
    return { ...toResult(completion, { cached: false, retries, started }), usage, ...(estimated === undefined ? {} : { tokensEstimated: estimated }), cost };
  }

  /** The recorded answer to the request the agent made, read as a live one is; it cost nothing now. */
  private replay(body: ChatCompletionCreateParamsNonStreaming, started: number): ChatResult {
    const completion = this.parseAnswer(this.player!.answer(body), 0);
    return { ...toResult(completion, { cached: true, retries: 0, started }), cost: 0 };
  }

  /** An error inside a 200 body or a malformed completion is the endpoint's failure, never an answer. */
  private parseAnswer(raw: unknown, retries: number): ChatCompletionReply {
    const errorBody = errorBodySchema.safeParse(raw);
    if (errorBody.success) {
      const { error } = errorBody.data;
      const message = typeof error === 'string' ? error : error.message;
      throw new ModelCallError(
        `The model endpoint ${this.baseURL} answered HTTP 200 with an error instead of a completion: ${message}${afterRetries(retries)}.`,
        retries,
      );
    }
    const parsed = chatCompletionSchema.safeParse(raw);
    if (!parsed.success) {
      throw new ModelCallError(`The model endpoint ${this.baseURL} returned a malformed chat completion: ${z.prettifyError(parsed.error)}`, retries);
    }
    return parsed.data;
  }

  /** A stored entry that no longer parses is treated as a miss and overwritten by the fresh answer. */
  private fromCache(key: string): { completion: ChatCompletionReply; raw: unknown } | undefined {
    const stored = this.cache?.get(key);
    if (stored === undefined) return undefined;
    try {
      const raw: unknown = JSON.parse(stored);
      const parsed = chatCompletionSchema.safeParse(raw);
      return parsed.success ? { completion: parsed.data, raw } : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * A model that refuses tool_choice (some local servers and gateways answer 400 naming it) is asked once more
   * without it: the agent sends only 'auto', which is what a request with tools means anyway. Any other refused
   * parameter, temperature included, ends as the endpoint's error naming it, since leaving it out would change
   * what was asked.
   */
  private async send(body: ChatCompletionCreateParamsNonStreaming): Promise<{ value: unknown; retries: number }> {
    const tokens = this.rateLimiter === undefined ? 0 : estimateRequestTokens(body);
    try {
      return await withRetries(() => this.attempt(body, tokens), this.retryPolicy);
    } catch (error) {
      if (!(error instanceof AttemptFailedError)) throw error;
      if (body.tool_choice === 'auto' && refusesParameter(error.cause, 'tool_choice')) {
        this.toolChoiceRefused = true;
        return this.send(withoutToolChoice(body));
      }
      throw this.explain(error.cause, error.retries);
    }
  }

  /**
   * One HTTP request under one deadline that covers the body too: the SDK's timeout ends when the
   * headers arrive, after which a trickling or stalled body would hold the episode for minutes.
   * Waiting for the rate limiter comes before the deadline: a queue of our own is not a slow endpoint.
   */
  private async attempt(body: ChatCompletionCreateParamsNonStreaming, tokens: number): Promise<unknown> {
    await this.rateLimiter?.acquire(tokens);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
    try {
      // awaiting the SDK's promise reads and parses the whole body, so the deadline spans it
      return await this.sdk!.chat.completions.create(body, { signal: deadline.signal });
    } catch (error) {
      this.pauseOnRateLimit(error);
      throw deadline.signal.aborted ? new DeadlineExceeded() : error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A 429 with Retry-After says the whole account is over its limit: every client sharing the limiter waits, not only this one. */
  private pauseOnRateLimit(error: unknown): void {
    if (this.rateLimiter === undefined || !(error instanceof APIError) || error.status !== 429) return;
    const requested = serverRequestedDelayMs(error);
    if (requested !== undefined) this.rateLimiter.pauseFor(Math.min(requested, this.retryPolicy.maxDelayMs));
  }

  private explain(cause: unknown, retries: number): ModelCallError {
    const after = afterRetries(retries);
    if (cause instanceof DeadlineExceeded || cause instanceof APIConnectionTimeoutError) {
      return new ModelCallError(`The model endpoint ${this.baseURL} did not finish answering within ${this.timeoutMs} ms (headers and body)${after}.`, retries);
    }
    if (cause instanceof APIConnectionError) {
      return new ModelCallError(`Cannot reach the model endpoint ${this.baseURL}: ${rootCause(cause).message}${after}. Check OPENAI_BASE_URL.`, retries);
    }
    if (cause instanceof APIError && typeof cause.status === 'number') {
      return new ModelCallError(
        `The model endpoint ${this.baseURL} answered HTTP ${cause.message.replace(/\.$/, '')}${after}.${hintFor(cause)}`,
        retries,
        cause.status,
      );
    }
    const message = cause instanceof Error ? cause.message : String(cause);
    return new ModelCallError(`The model call to ${this.baseURL} failed: ${message}${after}.`, retries);
  }
}

/** An attempt that ran past its deadline; not retried (another attempt would only wait as long again). */
class DeadlineExceeded extends Error {}

/** The innermost error: fetch wraps the useful one (e.g. ECONNREFUSED) two levels down. */
function rootCause(error: Error): Error {
  return error.cause instanceof Error ? rootCause(error.cause) : error;
}

function afterRetries(retries: number): string {
  return retries > 0 ? ` (after ${retries} ${retries === 1 ? 'retry' : 'retries'})` : '';
}

/** A 400 that names `param` as one the model does not take, in the error's param field or its message. */
function refusesParameter(error: unknown, param: string): boolean {
  return error instanceof APIError && error.status === 400 && (error.param === param || error.message.includes(`'${param}'`));
}

function withoutToolChoice(body: ChatCompletionCreateParamsNonStreaming): ChatCompletionCreateParamsNonStreaming {
  const { tool_choice: _dropped, ...rest } = body;
  return rest;
}

function hintFor(error: APIError): string {
  const { status } = error;
  if (refusesParameter(error, 'temperature')) return ' The model takes no temperature: leave the temperature unset.';
  if (status === 401 || status === 403) return ' Check OPENAI_API_KEY.';
  if (status === 404) return ` Check OPENAI_BASE_URL (it usually ends in /v1) and the model name.`;
  return '';
}

function toResult(
  completion: ChatCompletionReply,
  { cached, retries, started }: { cached: boolean; retries: number; started: number },
): Omit<ChatResult, 'cost'> {
  const [choice] = completion.choices;
  // The schema requires at least one choice.
  const message = choice!.message;
  const reported = reportedUsage(completion.usage);
  const usage = 'problem' in reported ? null : reported;
  return { completion, message, cached, latencyMs: performance.now() - started, retries, usage };
}
