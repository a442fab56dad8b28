import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** How long a waiting request sleeps before it looks again for a lease another gateway gave back (Redis store). */
const RETRY_MS = 20;

/** One of a key's `points`, held until released. */
export interface Lease {
  release(): void;
  /** gives the lease back `ms` after now (never sooner: a timer that fires early waits again) */
  releaseAfter(ms: number): void;
}

/**
 * Leases on a rate-limiter-flexible counter without expiry (points = how many may be held at once): taking one
 * consumes a point, releasing rewards it. As concurrency, a lease is held until the answer ends; as a rate, it
 * is given back one second after its request was sent, so no second, wherever it starts, holds more than
 * `points` requests (a fixed window would let twice that through across its edge). The waiter of a key is
 * its queue's head, one at a time (queue.ts).
 */
export class Leases {
  private readonly wakers = new Map<string, () => void>();

  constructor(private readonly limiter: RateLimiterAbstract) {}

  async take(key: string): Promise<Lease> {
    for (;;) {
      if ((await consumed(this.limiter, key)) === true) return this.lease(key);
      // a refused consume still counted one: give it back, then wait for a release here or look again
      await this.limiter.reward(key, 1);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, RETRY_MS);
        function wake() {
          clearTimeout(timer);
          resolve();
        }
        this.wakers.set(key, wake);
      });
      this.wakers.delete(key);
    }
  }

  private lease(key: string): Lease {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      // with Redis gone the point stays counted: a lease lost, never one doubled
      void this.limiter
        .reward(key, 1)
        .catch(() => undefined)
        .then(() => this.wakers.get(key)?.());
    };
    return {
      release,
      releaseAfter(ms) {
        const due = performance.now() + ms;
        const check = () => {
          const left = due - performance.now();
          if (left <= 0) release();
          else setTimeout(check, Math.ceil(left));
        };
        setTimeout(check, ms);
      },
    };
  }
}

/** Consumes one point, true when granted; the refusal's RateLimiterRes when not; store errors are thrown. */
export async function consumed(limiter: RateLimiterAbstract, key: string): Promise<true | RateLimiterRes> {
  try {
    await limiter.consume(key, 1);
    return true;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal;
    throw refusal;
  }
}
