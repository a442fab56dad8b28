import { afterEach, describe, expect, it } from 'vitest';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { ChatClient, ModelCallError, type ChatClientOptions, type ChatRequest } from '../../../src/models/chat-client.ts';
import { ModelRateLimiter } from '../../../src/models/rate-limiter.ts';
import { ModelSpend } from '../../../src/models/spend.ts';
import { MemoryResponseCache, requestCacheKey } from '../../../src/models/response-cache.ts';
import {
  callTool,
  finalAnswer,
  hangup,
  httpStatus,
  rawReply,
  scripted,
  stall,
  startOpenAiDouble,
  trickle,
  withUsage,
  type OpenAiDouble,
  type ReplyHandler,
} from '../../support/openai-double.ts';

const doubles: OpenAiDouble[] = [];
afterEach(async () => {
  await Promise.all(doubles.splice(0).map((double) => double.close()));
});

async function start(handler: ReplyHandler, failures?: Parameters<typeof startOpenAiDouble>[1]) {
  const double = await startOpenAiDouble(handler, failures);
  doubles.push(double);
  return double;
}

/** A client on the double whose backoff waits are recorded instead of slept. */
function clientFor(double: OpenAiDouble, options: Partial<ChatClientOptions> = {}) {
  const waits: number[] = [];
  const client = new ChatClient({
    model: 'test-model',
    baseURL: double.baseURL,
    apiKey: 'test-key',
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { client, waits };
}

const calculatorTool = (description: string): ChatCompletionFunctionTool => ({
  type: 'function',
  function: {
    name: 'calculator',
    description,
    parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  },
});

const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'Use the tools.' },
    { role: 'user', content: 'What is 2 + 2?' },
  ],
  tools: [calculatorTool('Evaluates an arithmetic expression.')],
  tool_choice: 'auto',
};

describe('ChatClient', () => {
  it('sends the request with the model and key and returns the message, usage and timing', async () => {
    const double = await start(scripted([callTool('calculator', { expression: '2 + 2' })]));
    const { client } = clientFor(double);

    const result = await client.complete(request);

    expect(result.message.tool_calls).toEqual([{ id: 'call_0_0', type: 'function', function: { name: 'calculator', arguments: '{"expression":"2 + 2"}' } }]);
    expect(result.message.content).toBeNull();
    expect(result).toMatchObject({ cached: false, retries: 0 });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const reply = double.requests[0]!.reply.body as { usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } };
    expect(result.usage).toEqual({
      promptTokens: reply.usage.prompt_tokens,
      completionTokens: reply.usage.completion_tokens,
      totalTokens: reply.usage.total_tokens,
      // the double reports no prompt-cache hits
      cachedPromptTokens: 0,
    });
    expect(double.requests[0]!.headers.authorization).toBe('Bearer test-key');
    expect(double.requests[0]!.body).toMatchObject({ model: 'test-model', messages: request.messages, tools: request.tools });
  });

  it('retries a 429 once, waiting what Retry-After asks', async () => {
    const double = await start(scripted([finalAnswer('4')]), { failures: { 0: httpStatus(429, { retryAfter: '2' }) } });
    const { client, waits } = clientFor(double);

    const result = await client.complete(request);

    expect(result.message.content).toBe('4');
    expect(result.retries).toBe(1);
    expect(waits).toEqual([2000]);
    expect(double.requests.map((r) => r.reply.status)).toEqual([429, 200]);
  });

  it('retries 500 twice with exponential backoff, then succeeds', async () => {
    const double = await start(scripted([finalAnswer('4')]), { failures: { 0: httpStatus(500), 1: httpStatus(503) } });
    const { client, waits } = clientFor(double, { retryBaseDelayMs: 100 });

    const result = await client.complete(request);

    expect(result.message.content).toBe('4');
    expect(result.retries).toBe(2);
    expect(waits).toEqual([100, 200]);
    expect(double.requests).toHaveLength(3);
  });

  it('retries a request whose connection the endpoint closed, and not one it refused', async () => {
    const double = await start(scripted([finalAnswer('4')]), { failures: { 0: hangup() } });
    const { client, waits } = clientFor(double, { retryBaseDelayMs: 100 });

    const result = await client.complete(request);

    expect(result.message.content).toBe('4');
    expect(result.retries).toBe(1);
    expect(waits).toEqual([100]);

    const gone = await startOpenAiDouble(scripted([]));
    await gone.close();
    const refused = clientFor(gone, { retryBaseDelayMs: 100 });
    await expect(refused.client.complete(request)).rejects.toThrow(/Cannot reach the model endpoint/);
    expect(refused.waits).toEqual([]);
  });

  it('gives up after maxRetries and says how many retries it spent', async () => {
    const double = await start(() => httpStatus(502, { message: 'bad gateway upstream' }));
    const { client } = clientFor(double, { maxRetries: 2 });

    const error = await client.complete(request).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).retries).toBe(2);
    expect((error as ModelCallError).status).toBe(502);
    expect((error as Error).message).toContain('after 2 retries');
    expect((error as Error).message).toContain('bad gateway upstream');
    expect(double.requests).toHaveLength(3);
  });

  it('does not retry a 400 and reports the server message', async () => {
    const double = await start(scripted([finalAnswer('never sent')]));
    const { client, waits } = clientFor(double);
    // A tool message that answers no call: the real API rejects this with 400, and so does the double.
    const invalid: ChatRequest = {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'tool', tool_call_id: 'call_x', content: '4' },
      ],
    };

    const error = await client.complete(invalid).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).status).toBe(400);
    expect((error as Error).message).toMatch(/answered HTTP 400 .*must be a response to a preceding message with 'tool_calls'/);
    expect(double.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('tells the user to check the key on 401', async () => {
    const double = await start(() => httpStatus(401, { message: 'Incorrect API key provided' }));
    const { client } = clientFor(double);

    await expect(client.complete(request)).rejects.toThrow(/401 Incorrect API key provided.*Check OPENAI_API_KEY/);
    expect(double.requests).toHaveLength(1);
  });

  it('rejects a malformed completion with a clear error', async () => {
    const double = await start(() => rawReply({ id: 'x', object: 'chat.completion', choices: [] }));
    const { client } = clientFor(double);

    await expect(client.complete(request)).rejects.toThrow(/malformed chat completion.*no choices/s);
  });

  it('reports a timeout when the endpoint does not answer', async () => {
    let release = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    const double = await start(async () => {
      await stalled;
      return finalAnswer('too late');
    });
    const { client } = clientFor(double, { timeoutMs: 50, maxRetries: 0 });

    await expect(client.complete(request)).rejects.toThrow(/did not finish answering within 50 ms/);
    release();
  });

  // One deadline for the whole answer, headers and body: the SDK's own timeout stops at the headers,
  // and Node's fetch only gives up on a body after 300 s of silence (never, if it trickles).
  it('ends a request whose body trickles one byte at a time at the deadline', async () => {
    const double = await start(() => trickle(finalAnswer('slowly'), 100));
    const { client } = clientFor(double, { timeoutMs: 1000, maxRetries: 0 });

    const error = await client.complete(request).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as Error).message).toMatch(/did not finish answering within 1000 ms \(headers and body\)/);
    // the double had sent the headers and only part of the body
    expect(double.requests).toHaveLength(1);
  }, 15_000);

  it('ends a request whose body stalls after the headers at the deadline', async () => {
    const double = await start(() => stall());
    const { client } = clientFor(double, { timeoutMs: 500, maxRetries: 2 });

    const error = await client.complete(request).catch((e: unknown) => e);

    expect((error as Error).message).toMatch(/did not finish answering within 500 ms/);
    // a deadline is not retried: three more would only multiply the wait
    expect(double.requests).toHaveLength(1);
  }, 15_000);

  it('reports an endpoint that cannot be reached', async () => {
    const double = await startOpenAiDouble(scripted([]));
    await double.close();
    const { client } = clientFor(double, { maxRetries: 0 });

    await expect(client.complete(request)).rejects.toThrow(/Cannot reach the model endpoint http:\/\/127\.0\.0\.1:\d+\/v1.*Check OPENAI_BASE_URL/);
  });

  it('accepts a base URL without /v1 (servers that serve /chat/completions)', async () => {
    const double = await start(scripted([finalAnswer('4')]));
    const { client } = clientFor(double, { baseURL: double.baseURL.replace(/\/v1$/, '') });

    expect((await client.complete(request)).message.content).toBe('4');
    expect(double.requests[0]!.path).toBe('/chat/completions');
  });
});

describe('ChatClient response cache', () => {
  it('serves an identical request from the cache without an HTTP call', async () => {
    const double = await start(scripted([finalAnswer('4')]));
    const cache = new MemoryResponseCache();
    const { client } = clientFor(double, { cache });

    const first = await client.complete(request);
    const second = await client.complete(structuredClone(request));

    expect(double.requests).toHaveLength(1);
    expect(first.cached).toBe(false);
    expect(second).toMatchObject({ cached: true, retries: 0, message: first.message, usage: first.usage });
  });

  it('misses when only a tool description changed', async () => {
    const double = await start(scripted([finalAnswer('4')]));
    const cache = new MemoryResponseCache();
    const { client } = clientFor(double, { cache });

    await client.complete(request);
    const changed = await client.complete({ ...request, tools: [calculatorTool('Evaluates any expression. Always use this tool.')] });

    expect(changed.cached).toBe(false);
    expect(double.requests).toHaveLength(2);
    expect(cache.size).toBe(2);
  });

  it('misses when the model differs', async () => {
    const double = await start(scripted([finalAnswer('4')]));
    const cache = new MemoryResponseCache();

    await clientFor(double, { cache }).client.complete(request);
    const other = await clientFor(double, { cache, model: 'other-model' }).client.complete(request);

    expect(other.cached).toBe(false);
    expect(double.requests).toHaveLength(2);
  });

  it("misses when the endpoint differs: another server never replays this one's answers", async () => {
    const first = await start(scripted([finalAnswer('4')]));
    const second = await start(scripted([finalAnswer('four')]));
    const cache = new MemoryResponseCache();

    await clientFor(first, { cache }).client.complete(request);
    const other = await clientFor(second, { cache }).client.complete(request);

    expect(other).toMatchObject({ cached: false, message: { content: 'four' } });
    expect(second.requests).toHaveLength(1);
  });

  it('does not cache failures', async () => {
    const double = await start(scripted([finalAnswer('4')]), { failures: { 0: httpStatus(400) } });
    const cache = new MemoryResponseCache();
    const { client } = clientFor(double, { cache });

    await expect(client.complete(request)).rejects.toThrow(ModelCallError);
    expect(cache.size).toBe(0);
    expect((await client.complete(request)).cached).toBe(false);
  });

  it('treats an unreadable cache entry as a miss and replaces it', async () => {
    const double = await start(scripted([finalAnswer('4')]));
    const cache = new MemoryResponseCache();
    const { client } = clientFor(double, { cache });
    const key = requestCacheKey(double.baseURL, { ...request, model: 'test-model', stream: false });
    cache.put(key, '{"choices": "truncated');

    const result = await client.complete(request);

    expect(result).toMatchObject({ cached: false, message: { content: '4' } });
    expect(JSON.parse(cache.get(key)!)).toMatchObject({ choices: [{ message: { content: '4' } }] });
  });
});

describe('ChatClient rate limiter', () => {
  /** Eight requests at once from two clients (as an agent and a proposer would), no retries: how each ended. */
  async function burst(double: OpenAiDouble, rateLimiter?: ModelRateLimiter) {
    const clients = [0, 1].map(() => clientFor(double, { maxRetries: 0, ...(rateLimiter === undefined ? {} : { rateLimiter }) }).client);
    return Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        clients[i % 2]!.complete(request).then(
          () => 'ok',
          (error: unknown) => (error as ModelCallError).status,
        ),
      ),
    );
  }

  it('keeps clients that share one limiter within the endpoint limit: no 429, every request answered', async () => {
    const limits = { requests: 3, windowMs: 500 };
    const unlimited = await start(() => finalAnswer('4'), { rateLimit: limits });
    expect((await burst(unlimited)).filter((outcome) => outcome === 429)).toHaveLength(5);

    const limited = await start(() => finalAnswer('4'), { rateLimit: limits });
    const outcomes = await burst(limited, new ModelRateLimiter({ requests: 3, intervalMs: 500 }));
    expect(outcomes).toEqual(Array(8).fill('ok'));
    expect(limited.requests.filter((r) => r.reply.status === 429)).toHaveLength(0);
  });

  it('passes each request with its estimated tokens, and on a 429 pauses every client for the Retry-After', async () => {
    const double = await start(scripted([finalAnswer('4')]), { failures: { 0: httpStatus(429, { retryAfter: '0.2' }) } });
    const limiter = new ModelRateLimiter({ requests: 100, tokens: 100_000 });
    const acquired: number[] = [];
    const paused: number[] = [];
    const acquire = limiter.acquire.bind(limiter);
    const pauseFor = limiter.pauseFor.bind(limiter);
    limiter.acquire = (tokens) => (acquired.push(tokens), acquire(tokens));
    limiter.pauseFor = (ms) => (paused.push(ms), pauseFor(ms));
    const { client, waits } = clientFor(double, { rateLimiter: limiter, retryMaxDelayMs: 150 });

    const result = await client.complete(request);

    expect(result.retries).toBe(1);
    // the first attempt and the retry each wait for the limiter; the pause is capped like any other wait
    expect(acquired).toHaveLength(2);
    expect(acquired[0]).toBeGreaterThan(JSON.stringify(request.messages).length / 4);
    expect(paused).toEqual([150]);
    expect(waits).toEqual([150]);
  });

  it('does not pause on a 429 that names no wait, nor on other errors', async () => {
    const double = await start(scripted([finalAnswer('4')]), { failures: { 0: httpStatus(429), 1: httpStatus(503, { retryAfter: '1' }) } });
    const limiter = new ModelRateLimiter({ requests: 100 });
    const paused: number[] = [];
    limiter.pauseFor = (ms) => void paused.push(ms);
    const { client } = clientFor(double, { rateLimiter: limiter });

    expect((await client.complete(request)).retries).toBe(2);
    expect(paused).toEqual([]);
  });
});

describe('ChatClient configuration', () => {
  it('takes the endpoint and key from OPENAI_BASE_URL and OPENAI_API_KEY', async () => {
    const double = await start(scripted([finalAnswer('4')]));
    const client = new ChatClient({ model: 'test-model', env: { OPENAI_BASE_URL: double.baseURL, OPENAI_API_KEY: 'env-key' } });

    await client.complete(request);

    expect(double.requests[0]!.headers.authorization).toBe('Bearer env-key');
  });

  it('names the env var to set when the base URL is missing', () => {
    expect(() => new ChatClient({ model: 'm', env: { OPENAI_API_KEY: 'k' } })).toThrow(/set OPENAI_BASE_URL.*`sim`/);
  });

  it('names the env var to set when the key is missing or blank', () => {
    expect(() => new ChatClient({ model: 'm', env: { OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_API_KEY: '  ' } })).toThrow(/set OPENAI_API_KEY.*`sim`/);
  });

  it('rejects a base URL that is not http(s)', () => {
    expect(() => new ChatClient({ model: 'm', baseURL: 'localhost:8080', apiKey: 'k', env: {} })).toThrow(/not an http\(s\) URL/);
  });

  it('rejects bad options', () => {
    const endpoint = { baseURL: 'http://127.0.0.1:1/v1', apiKey: 'k' };
    expect(() => new ChatClient({ model: ' ', ...endpoint })).toThrow(/model name is required/);
    expect(() => new ChatClient({ model: 'm', maxRetries: -1, ...endpoint })).toThrow(/maxRetries/);
    expect(() => new ChatClient({ model: 'm', timeoutMs: 0, ...endpoint })).toThrow(/timeoutMs/);
  });
});

describe('ChatClient prices', () => {
  const completion = {
    id: 'c',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content: '4' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1000, completion_tokens: 50, total_tokens: 1050, prompt_tokens_details: { cached_tokens: 600 } },
  };

  it('prices each call with the prompt tokens the provider cached at their own price; a cached answer costs 0', async () => {
    const double = await start(() => rawReply(completion));
    const spend = new ModelSpend({ 'test-model': { input: 2, cachedInput: 0.5, output: 10 } }, { maxTokens: 2000 });
    const { client } = clientFor(double, { spend, cache: new MemoryResponseCache() });
    const first = await client.complete(request);
    expect(first.usage).toMatchObject({ promptTokens: 1000, cachedPromptTokens: 600, completionTokens: 50 });
    expect(first.cost).toBeCloseTo((400 * 2 + 600 * 0.5 + 50 * 10) / 1e6, 15);
    const again = await client.complete(request);
    expect(again).toMatchObject({ cached: true, cost: 0 });
    // the cached answer spent no tokens towards the cap
    expect(spend.capReached).toBeUndefined();
  });

  it('has no cost for a model without a price, or without a meter', async () => {
    const double = await start(() => rawReply(completion));
    expect((await clientFor(double, { spend: new ModelSpend({}) }).client.complete(request)).cost).toBeNull();
    expect((await clientFor(double).client.complete(request)).cost).toBeNull();
  });
});

describe('ChatClient usage an endpoint reports', () => {
  const PRICE = { 'test-model': { input: 2, cachedInput: 1, output: 8 } };

  it('counts a call without usage by its estimated tokens, so a token cap still stops, and prices it', async () => {
    const double = await start(() => withUsage(finalAnswer('four'), null));
    const spend = new ModelSpend(PRICE, { maxTokens: 50 });
    const { client } = clientFor(double, { spend });
    const result = await client.complete(request);
    expect(result.tokensEstimated).toBe('the endpoint sent no usage');
    // about four characters a token over the messages and tools sent, and the one-word answer
    const sent = JSON.stringify(request.messages).length + JSON.stringify(request.tools).length;
    expect(result.usage).toMatchObject({ promptTokens: Math.ceil(sent / 4), completionTokens: 1, cachedPromptTokens: 0 });
    expect(result.cost).toBeGreaterThan(0);
    for (let i = 0; i < 20 && spend.capReached === undefined; i++) await client.complete(request);
    expect(spend.capReached).toBe('token cap');
    expect(double.requests.length).toBeLessThan(20);
  });

  it('counts usage with more cached tokens than prompt tokens by the estimate, never at a negative cost', async () => {
    const double = await start(() =>
      withUsage(finalAnswer('four'), { prompt_tokens: 10, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 1_000_000 } }),
    );
    const spend = new ModelSpend(PRICE, { maxCost: 1 });
    const result = await clientFor(double, { spend }).client.complete(request);
    expect(result.tokensEstimated).toBe(
      "the endpoint's usage does not add up, usage.prompt_tokens_details.cached_tokens: more cached tokens than prompt tokens",
    );
    expect(result.usage).toMatchObject({ cachedPromptTokens: 0, completionTokens: 1 });
    expect(result.cost).toBeGreaterThan(0);
  });

  it('keeps the answer of usage with negative or fractional counts, counted by the estimate', async () => {
    const double = await start(() => withUsage(finalAnswer('four'), { prompt_tokens: -5_000_000, completion_tokens: 2.5 }));
    const result = await clientFor(double, { spend: new ModelSpend(PRICE) }).client.complete(request);
    expect(result.message.content).toBe('four');
    expect(result.tokensEstimated).toMatch(/^the endpoint's usage does not add up, usage\.prompt_tokens: /);
    expect(result.cost).toBeGreaterThan(0);
  });
});
