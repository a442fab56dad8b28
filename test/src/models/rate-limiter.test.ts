import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { estimateRequestTokens, ModelRateLimiter } from '../../../src/models/rate-limiter.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts every acquire at once and returns the fake-clock time each one was let through, in call order. */
async function startTimes(limiter: ModelRateLimiter, tokens: number[], runForMs: number): Promise<number[]> {
  const started = Date.now();
  const times: number[] = Array.from({ length: tokens.length }, () => Number.NaN);
  tokens.forEach((count, i) => {
    void limiter.acquire(count).then(() => {
      times[i] = Date.now() - started;
    });
  });
  await vi.advanceTimersByTimeAsync(runForMs);
  return times;
}

/** The most starts (or tokens) that fall inside any window of `windowMs`. */
function busiestWindow(times: number[], weights: number[], windowMs: number): number {
  return Math.max(...times.map((t) => times.reduce((sum, u, j) => (u > t - windowMs && u <= t ? sum + weights[j]! : sum), 0)));
}

describe('ModelRateLimiter', () => {
  it('lets the first requests of a window through at once and never more than the request limit in any window', async () => {
    const limiter = new ModelRateLimiter({ requests: 3, intervalMs: 1000 });
    const times = await startTimes(limiter, Array(10).fill(1), 10_000);
    expect(times.every(Number.isFinite)).toBe(true);
    expect(times.slice(0, 3)).toEqual([0, 0, 0]);
    expect(times[3]).toBeGreaterThanOrEqual(1000);
    expect(busiestWindow(times, Array(10).fill(1), 1000)).toBe(3);
    // starts in call order: the queue is first come, first served
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('keeps the tokens of any window within the token limit, whatever the request sizes', async () => {
    const sizes = [400, 300, 500, 200, 600, 100, 700];
    const limiter = new ModelRateLimiter({ tokens: 1000, intervalMs: 1000 });
    const times = await startTimes(limiter, sizes, 20_000);
    expect(times.every(Number.isFinite)).toBe(true);
    expect(times.slice(0, 2)).toEqual([0, 0]);
    expect(times[2]).toBeGreaterThan(0);
    expect(busiestWindow(times, sizes, 1000)).toBeLessThanOrEqual(1000);
  });

  it('holds both limits at once', async () => {
    const sizes = Array(12).fill(300);
    const limiter = new ModelRateLimiter({ requests: 4, tokens: 600, intervalMs: 1000 });
    const times = await startTimes(limiter, sizes, 20_000);
    expect(times.every(Number.isFinite)).toBe(true);
    // tokens bind first here: two requests of 300 per window, though four requests would be allowed
    expect(busiestWindow(times, sizes, 1000)).toBe(600);
    expect(busiestWindow(times, Array(12).fill(1), 1000)).toBe(2);
  });

  it('lets a request larger than the whole token limit through alone, instead of never', async () => {
    const limiter = new ModelRateLimiter({ tokens: 100, intervalMs: 1000 });
    const times = await startTimes(limiter, [5000, 50], 5000);
    expect(times[0]).toBe(0);
    expect(times[1]).toBeGreaterThanOrEqual(1000);
  });

  it('after a 429 asks to wait, lets nothing through until then, for every caller', async () => {
    const limiter = new ModelRateLimiter({ requests: 100, intervalMs: 1000 });
    limiter.pauseFor(2500);
    const times = await startTimes(limiter, [1, 1, 1], 5000);
    expect(times).toEqual([2500, 2500, 2500]);
  });

  it('a pause that begins while a request waits for its slot holds that request too', async () => {
    const limiter = new ModelRateLimiter({ requests: 1, intervalMs: 1000 });
    const started = Date.now();
    let second = Number.NaN;
    await limiter.acquire(1);
    void limiter.acquire(1).then(() => (second = Date.now() - started));
    await vi.advanceTimersByTimeAsync(500);
    limiter.pauseFor(3000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(second).toBe(3500);
  });

  it('refuses limits that limit nothing or are not positive integers', () => {
    expect(() => new ModelRateLimiter({})).toThrow(/a request limit, a token limit or both/);
    expect(() => new ModelRateLimiter({ requests: 0 })).toThrow(/Invalid rate limits/);
    expect(() => new ModelRateLimiter({ tokens: 1.5 })).toThrow(/Invalid rate limits/);
  });
});

describe('estimateRequestTokens', () => {
  it('counts about four characters per token over the messages and the tools', () => {
    const messages = [{ role: 'user', content: 'x'.repeat(400) }];
    const plain = estimateRequestTokens({ messages });
    expect(plain).toBe(Math.ceil(JSON.stringify(messages).length / 4));
    expect(estimateRequestTokens({ messages, tools: [{ type: 'function', function: { name: 'calculator' } }] })).toBeGreaterThan(plain);
  });
});
