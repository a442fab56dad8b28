import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { AttemptFailedError, backoffDelayMs, isRetryable, serverRequestedDelayMs, withRetries, type RetryPolicy } from '../../../src/models/retry.ts';

const statusError = (status: number, headers: Record<string, string> = {}) =>
  APIError.generate(status, { message: `status ${status}` }, undefined, new Headers(headers));

function policy(overrides: Partial<RetryPolicy> = {}): RetryPolicy & { waits: number[] } {
  const waits: number[] = [];
  return {
    maxRetries: 3,
    baseDelayMs: 500,
    maxDelayMs: 60_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    waits,
    ...overrides,
  };
}

describe('isRetryable', () => {
  it('retries rate limits and server errors only', () => {
    expect([429, 500, 502, 503, 504].map((s) => isRetryable(statusError(s)))).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 408, 409, 422].map((s) => isRetryable(statusError(s)))).toEqual([false, false, false, false, false, false, false]);
    expect(isRetryable(new Error('boom'))).toBe(false);
  });

  it('retries a connection closed under the request, not a refused one nor a timeout', () => {
    const closed = (code: string) => new APIConnectionError({ cause: new TypeError('fetch failed', { cause: Object.assign(new Error('closed'), { code }) }) });
    expect(isRetryable(closed('UND_ERR_SOCKET'))).toBe(true);
    expect(isRetryable(closed('ECONNRESET'))).toBe(true);
    expect(isRetryable(closed('ECONNREFUSED'))).toBe(false);
    expect(isRetryable(new APIConnectionTimeoutError())).toBe(false);
  });
});

describe('serverRequestedDelayMs', () => {
  it('reads Retry-After in seconds, as an HTTP date, and Retry-After-Ms', () => {
    expect(serverRequestedDelayMs(statusError(429, { 'retry-after': '3' }))).toBe(3000);
    expect(serverRequestedDelayMs(statusError(429, { 'retry-after': '0.5' }))).toBe(500);
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(serverRequestedDelayMs(statusError(503, { 'retry-after': 'Sun, 29 Nov 2026 10:00:07 GMT' }), now)).toBe(7000);
    expect(serverRequestedDelayMs(statusError(429, { 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
  });

  it('ignores a missing or unreadable header', () => {
    expect(serverRequestedDelayMs(statusError(429))).toBeUndefined();
    expect(serverRequestedDelayMs(statusError(429, { 'retry-after': 'soon' }))).toBeUndefined();
    expect(serverRequestedDelayMs(new Error('x'))).toBeUndefined();
  });
});

describe('backoffDelayMs', () => {
  it('doubles from the base delay and caps every wait, including a long Retry-After', () => {
    const p = policy({ baseDelayMs: 100, maxDelayMs: 1000 });
    expect([0, 1, 2, 3, 4].map((n) => backoffDelayMs(n, statusError(500), p))).toEqual([100, 200, 400, 800, 1000]);
    expect(backoffDelayMs(0, statusError(429, { 'retry-after': '3600' }), p)).toBe(1000);
  });
});

describe('withRetries', () => {
  it('returns the first success with the number of retries spent', async () => {
    const p = policy();
    const outcomes = [statusError(429), statusError(500), 'ok'];
    const result = await withRetries(async () => {
      const next = outcomes.shift();
      if (next instanceof Error) throw next;
      return next;
    }, p);
    expect(result).toEqual({ value: 'ok', retries: 2 });
    expect(p.waits).toEqual([500, 1000]);
  });

  it('stops at once on an error that will not go away', async () => {
    const p = policy();
    let attempts = 0;
    const error = await withRetries(async () => {
      attempts++;
      throw statusError(400);
    }, p).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttemptFailedError);
    expect((error as AttemptFailedError).retries).toBe(0);
    expect((error as AttemptFailedError).cause).toBeInstanceOf(APIError);
    expect(attempts).toBe(1);
  });

  it('stops after maxRetries', async () => {
    const p = policy({ maxRetries: 2 });
    let attempts = 0;
    const error = await withRetries(async () => {
      attempts++;
      throw statusError(503);
    }, p).catch((e: unknown) => e);
    expect((error as AttemptFailedError).retries).toBe(2);
    expect(attempts).toBe(3);
  });
});
