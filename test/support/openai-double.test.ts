import { afterEach, describe, expect, it } from 'vitest';
import { finalAnswer, startOpenAiDouble, type OpenAiDouble, type OpenAiDoubleOptions } from './openai-double.ts';

const doubles: OpenAiDouble[] = [];
afterEach(async () => {
  await Promise.all(doubles.splice(0).map((double) => double.close()));
});

async function start(options: OpenAiDoubleOptions): Promise<OpenAiDouble> {
  const double = await startOpenAiDouble(() => finalAnswer('done'), options);
  doubles.push(double);
  return double;
}

/** One chat request straight over HTTP (no client retries): status, headers and how long the answer took. */
async function post(double: OpenAiDouble, content = 'hello') {
  const started = performance.now();
  const response = await fetch(`${double.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] }),
  });
  await response.text();
  return { status: response.status, headers: response.headers, elapsedMs: performance.now() - started };
}

describe('the OpenAI double', () => {
  it('holds each reply for the fixed latency plus a jitter drawn per request', async () => {
    const double = await start({ latency: { fixedMs: 40, jitterMs: 30 } });
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(double)));
    const delays = double.requests.map((r) => r.delayMs);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(delays.every((d) => d >= 40 && d < 70)).toBe(true);
    expect(new Set(delays).size).toBeGreaterThan(1);
    // a reply cannot come sooner than it was held (1 ms for timer rounding)
    answers.forEach((answer, i) => expect(answer.elapsedMs).toBeGreaterThanOrEqual(double.requests[i]!.delayMs - 1));
  });

  it('answers 429 with Retry-After once a window holds the request limit, and admits again when it has passed', async () => {
    const double = await start({ rateLimit: { requests: 2, windowMs: 400 } });
    const burst = await Promise.all([post(double), post(double), post(double), post(double)]);
    expect(burst.map((a) => a.status).sort()).toEqual([200, 200, 429, 429]);
    const refused = burst.find((a) => a.status === 429)!;
    const waitMs = Number(refused.headers.get('retry-after-ms'));
    expect(waitMs).toBeGreaterThan(0);
    expect(waitMs).toBeLessThanOrEqual(400);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((double.requests.find((r) => r.reply.status === 429)!.reply.body as { error: { message: string } }).error.message).toMatch(
      /Rate limit reached \(2 requests per 400 ms\)/,
    );
    // refused requests do not count: once the admitted ones have left the window, exactly the limit gets through again
    await new Promise((resolve) => setTimeout(resolve, 410));
    const next = await Promise.all([post(double), post(double), post(double)]);
    expect(next.map((a) => a.status).sort()).toEqual([200, 200, 429]);
  });

  it('limits the prompt tokens of a window', async () => {
    const double = await start({ rateLimit: { tokens: 60, windowMs: 60_000 } });
    // each request's messages are about 40 characters of JSON plus the content: 100 characters are about 35 tokens
    expect((await post(double, 'x'.repeat(100))).status).toBe(200);
    expect((await post(double, 'x'.repeat(100))).status).toBe(429);
    expect((await post(double, 'x')).status).toBe(200);
  });
});
