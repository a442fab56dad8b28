// A bounded, batching, retrying send queue: the caller's push never waits for the network.

export interface DeliveryRetryPolicy {
  /** Further attempts after the first failed one. */
  retries: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface DeliveryQueueOptions<T> {
  /**
   * Sends one batch. Resolves with the items the far end refused for good (they are dropped, not
   * retried); rejects when the whole batch may be retried (network error, timeout, 5xx).
   */
  send(batch: T[], signal: AbortSignal): Promise<{ refused: number }>;
  batchSize: number;
  /** How long a partial batch waits for company before it is sent. */
  flushIntervalMs: number;
  /** Items waiting beyond this are dropped (and counted): memory stays bounded when the far end is down. */
  maxQueued: number;
  retry: DeliveryRetryPolicy;
}

export interface DeliveryCounts {
  delivered: number;
  /** Refused, given up after retries, over the queue bound, or still unsent when the queue closed. */
  dropped: number;
  /** Queued or in flight. */
  pending: number;
  /** The last send failure, for the end-of-run report. */
  lastError?: string;
}

export class DeliveryQueue<T> {
  private queue: T[] = [];
  private inFlight = 0;
  private delivered = 0;
  private dropped = 0;
  private lastError: string | undefined;
  private sending: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private draining = false;
  private closed = false;
  private readonly abort = new AbortController();

  constructor(private readonly options: DeliveryQueueOptions<T>) {}

  /** Never throws and never waits: the item is queued, or dropped and counted when the queue is full or closed. */
  push(item: T): void {
    if (this.closed || this.queue.length >= this.options.maxQueued) {
      this.dropped++;
      return;
    }
    this.queue.push(item);
    if (this.queue.length >= this.options.batchSize) this.startSending(false);
    else this.armTimer();
  }

  counts(): DeliveryCounts {
    return {
      delivered: this.delivered,
      dropped: this.dropped,
      pending: this.queue.length + this.inFlight,
      ...(this.lastError === undefined ? {} : { lastError: this.lastError }),
    };
  }

  /**
   * Sends everything queued, waiting at most `timeoutMs`, then closes the queue: whatever is still
   * unsent counts as dropped, and later pushes are dropped too.
   */
  async drain(timeoutMs: number): Promise<DeliveryCounts> {
    this.draining = true;
    this.clearTimer();
    let deadline: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((resolve) => {
      deadline = setTimeout(resolve, timeoutMs);
    });
    try {
      const idle = (async () => {
        while (!this.closed && (this.queue.length > 0 || this.sending)) {
          this.startSending(true);
          await this.sending;
        }
      })();
      await Promise.race([idle, expired]);
    } finally {
      clearTimeout(deadline);
      this.close();
    }
    return this.counts();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearTimer();
    this.abort.abort();
    this.dropped += this.queue.length + this.inFlight;
    this.queue = [];
    this.inFlight = 0;
  }

  private armTimer(): void {
    if (this.timer || this.sending || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.startSending(true);
    }, this.options.flushIntervalMs);
    // A pending flush must not keep a finished process alive; drain() sends the rest.
    this.timer.unref();
  }

  private clearTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private startSending(partial: boolean): void {
    if (this.sending || this.closed) return;
    this.clearTimer();
    this.sending = this.pump(partial).finally(() => {
      this.sending = undefined;
      if (this.queue.length > 0 && !this.draining) this.armTimer();
    });
  }

  /** Sends full batches (and, when `partial`, the last partial one) one at a time. */
  private async pump(partial: boolean): Promise<void> {
    while (!this.closed && this.queue.length > 0 && (partial || this.draining || this.queue.length >= this.options.batchSize)) {
      const batch = this.queue.splice(0, this.options.batchSize);
      this.inFlight = batch.length;
      const outcome = await this.deliver(batch);
      if (this.closed) return; // close() already counted the in-flight batch as dropped
      this.inFlight = 0;
      this.delivered += batch.length - outcome.dropped;
      this.dropped += outcome.dropped;
      // While draining, a batch that exhausted its retries means the far end is gone: stop waiting for it.
      if (outcome.gaveUp && this.draining) this.close();
    }
  }

  private async deliver(batch: T[]): Promise<{ dropped: number; gaveUp: boolean }> {
    const { retries, initialDelayMs, maxDelayMs } = this.options.retry;
    for (let attempt = 0; ; attempt++) {
      try {
        const { refused } = await this.sendOnce(batch);
        return { dropped: refused, gaveUp: false };
      } catch (err) {
        this.lastError = err instanceof Error ? err.message : String(err);
        if (attempt >= retries || this.closed) return { dropped: batch.length, gaveUp: true };
        // Draining means the caller is waiting: retry at once, without backoff, within the drain's deadline. Episodes
        // exported at the end of a short run meet their first send here, and deserve their retries too.
        if (!this.draining) await this.sleep(Math.min(initialDelayMs * 2 ** attempt, maxDelayMs));
      }
    }
  }

  /**
   * One send, with a signal of its own that close() aborts. The Langfuse client ties each request's signal to the
   * one it is given and lets go only when that aborts, so one signal shared by every send would gather a listener
   * per batch for the life of the run (and Node's MaxListenersExceededWarning after ten).
   */
  private async sendOnce(batch: T[]): Promise<{ refused: number }> {
    const request = new AbortController();
    const abort = () => request.abort();
    this.abort.signal.addEventListener('abort', abort);
    try {
      return await this.options.send(batch, request.signal);
    } finally {
      this.abort.signal.removeEventListener('abort', abort);
    }
  }

  private sleep(ms: number): Promise<void> {
    const signal = this.abort.signal;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      signal.addEventListener('abort', done);
    });
  }
}
