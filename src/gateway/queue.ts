/** A queue is full: the client is told when to come back. */
export class QueueFullError extends Error {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`too many requests are waiting for ${what}; retry after ${retryAfterSeconds} s`);
  }
}

interface Waiter {
  step(): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * One FIFO per key, at most `bound` long (the one being served included), whose steps run one at a time: a
 * token's requests (or an upstream's) take their leases in the order they came, and each key has one waiter.
 */
export class KeyedQueue {
  private readonly queues = new Map<string, Waiter[]>();

  constructor(
    private readonly what: string,
    private readonly bound: number,
    private readonly retryAfterSeconds: number,
  ) {}

  run<T>(key: string, step: () => Promise<T>): Promise<T> {
    let queue = this.queues.get(key);
    if (queue === undefined) this.queues.set(key, (queue = []));
    if (queue.length >= this.bound) return Promise.reject(new QueueFullError(this.what, this.retryAfterSeconds));
    const done = new Promise<T>((resolve, reject) => queue.push({ step, resolve: resolve as (value: unknown) => void, reject }));
    if (queue.length === 1) void this.drain(key, queue);
    return done;
  }

  private async drain(key: string, queue: Waiter[]): Promise<void> {
    while (queue.length > 0) {
      const head = queue[0]!;
      try {
        const value = await head.step();
        queue.shift();
        head.resolve(value);
      } catch (error) {
        queue.shift();
        head.reject(error as Error);
      }
    }
    this.queues.delete(key);
  }
}
