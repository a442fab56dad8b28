import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';

export interface RetryPolicy {
  /** Retries after the first attempt; 0 disables retrying. */
  maxRetries: number;
  /** First backoff delay; doubled on every further retry. */
  baseDelayMs: number;
  /** Cap on any single wait, including one the server asks for with Retry-After. */
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
}

export interface Retried<T> {
  value: T;
  retries: number;
}

/** The error of the last attempt (in `cause`), with how many retries were spent before it. */
export class AttemptFailedError extends Error {
  constructor(
    cause: unknown,
    readonly retries: number,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'AttemptFailedError';
  }
}

/**
 * Rate limits (429), server errors (5xx) and a connection the endpoint closed under a request (a kept-alive socket
 * it dropped as we reused it) are worth repeating; anything else, a refused connection included, fails the same way again.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof APIConnectionError) return !(error instanceof APIConnectionTimeoutError) && closedUnderRequest(error);
  return error instanceof APIError && typeof error.status === 'number' && (error.status === 429 || error.status >= 500);
}

/** undici reports a socket the other side closed as UND_ERR_SOCKET; Node's own sockets as ECONNRESET. */
function closedUnderRequest(error: Error): boolean {
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') return true;
  }
  return false;
}

/** Milliseconds the server asked us to wait (Retry-After-Ms, or Retry-After in seconds or as an HTTP date). */
export function serverRequestedDelayMs(error: unknown, now: number = Date.now()): number | undefined {
  if (!(error instanceof APIError) || error.headers === undefined) return undefined;
  const millis = Number.parseFloat(error.headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(millis) && millis >= 0) return millis;
  const retryAfter = error.headers.get('retry-after');
  if (retryAfter === null) return undefined;
  const seconds = Number.parseFloat(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function backoffDelayMs(retryNumber: number, error: unknown, policy: RetryPolicy): number {
  const requested = serverRequestedDelayMs(error);
  const exponential = policy.baseDelayMs * 2 ** retryNumber;
  return Math.min(requested ?? exponential, policy.maxDelayMs);
}

/** Runs `attempt` until it succeeds, a non-retryable error occurs, or the retries are spent. */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy): Promise<Retried<T>> {
  for (let retries = 0; ; retries++) {
    try {
      return { value: await attempt(), retries };
    } catch (error) {
      if (retries >= policy.maxRetries || !isRetryable(error)) throw new AttemptFailedError(error, retries);
      await policy.sleep(backoffDelayMs(retries, error, policy));
    }
  }
}
