import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { GatewayLimiters } from './limiters.ts';

/** How long a waiting request sleeps before it looks again for a slot another gateway gave back (Redis store). */
const SLOT_RETRY_MS = 20;

/** A token's queue is full: the client is told when to come back. */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`too many requests for this token are waiting; retry after ${retryAfterSeconds} s`);
  }
}

/** An admitted request holds one of its token's slots until its answer ends. */
export interface Admission {
  release(): void;
}

interface Waiter {
  methodKeys: string[];
  resolve(admission: Admission): void;
  reject(error: Error): void;
}

/**
 * Per token (its subject), one FIFO of requests waiting for a slot and a rate point, at most `bound` long. The
 * head takes a slot, then the token's rate point and any `--method-rate` point, waiting as long as the limiter
 * says; a store failure (Redis down) refuses the head with its cause. The key is the verified subject and
 * nothing the client writes for itself.
 */
export class TokenAdmission {
  private readonly queues = new Map<string, Waiter[]>();
  private readonly wakers = new Map<string, () => void>();

  constructor(
    private readonly limiters: GatewayLimiters,
    private readonly bound: number,
    private readonly rate: number,
  ) {}

  /** Waits for the token's turn; rejects with QueueFullError when `bound` requests of it already wait. */
  admit(subject: string, methodKeys: string[]): Promise<Admission> {
    let queue = this.queues.get(subject);
    if (queue === undefined) this.queues.set(subject, (queue = []));
    if (queue.length >= this.bound) return Promise.reject(new QueueFullError(Math.max(1, Math.ceil(this.bound / this.rate))));
    const admitted = new Promise<Admission>((resolve, reject) => queue.push({ methodKeys, resolve, reject }));
    if (queue.length === 1) void this.drain(subject, queue);
    return admitted;
  }

  /** Requests waiting now, over every token. */
  waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  private async drain(subject: string, queue: Waiter[]): Promise<void> {
    while (queue.length > 0) {
      const head = queue[0]!;
      try {
        await this.takeSlot(subject);
        try {
          await waitFor(this.limiters.rate, subject);
          for (const key of head.methodKeys) await waitFor(this.limiters.methods.get(key)!, `${subject} ${key}`);
        } catch (error) {
          await this.giveBack(subject);
          throw error;
        }
        queue.shift();
        head.resolve(this.admission(subject));
      } catch (error) {
        queue.shift();
        head.reject(error as Error);
      }
    }
    this.queues.delete(subject);
  }

  private async takeSlot(subject: string): Promise<void> {
    for (;;) {
      const taken = await consumed(this.limiters.slots, subject);
      if (taken === true) return;
      // a refused consume still counted one: give it back, then wait for a release here or a retry
      await this.limiters.slots.reward(subject, 1);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, SLOT_RETRY_MS);
        function wake() {
          clearTimeout(timer);
          resolve();
        }
        this.wakers.set(subject, wake);
      });
      this.wakers.delete(subject);
    }
  }

  private admission(subject: string): Admission {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        void this.giveBack(subject);
      },
    };
  }

  private async giveBack(subject: string): Promise<void> {
    await this.limiters.slots.reward(subject, 1).catch(() => undefined); // with Redis gone the slot is lost, never doubled
    this.wakers.get(subject)?.();
  }
}

/** Consumes one point, true when granted; the refusal's RateLimiterRes when not; store errors are thrown. */
async function consumed(limiter: RateLimiterAbstract, key: string): Promise<true | RateLimiterRes> {
  try {
    await limiter.consume(key, 1);
    return true;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal;
    throw refusal;
  }
}

/** Waits until the limiter grants one point for the key. */
export async function waitFor(limiter: RateLimiterAbstract, key: string): Promise<void> {
  for (;;) {
    const result = await consumed(limiter, key);
    if (result === true) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, result.msBeforeNext)));
  }
}
