import { describe, expect, it, vi } from 'vitest';
import { DeliveryQueue, type DeliveryQueueOptions } from '../../../traces/langfuse/delivery-queue.ts';

const RETRY = { retries: 2, initialDelayMs: 1, maxDelayMs: 4 };

function queue(send: DeliveryQueueOptions<number>['send'], overrides: Partial<DeliveryQueueOptions<number>> = {}) {
  return new DeliveryQueue<number>({ send, batchSize: 3, flushIntervalMs: 5, maxQueued: 100, retry: RETRY, ...overrides });
}

describe('DeliveryQueue', () => {
  it('sends full batches at once and the rest after the flush interval, in order', async () => {
    const batches: number[][] = [];
    const q = queue(async (batch) => {
      batches.push(batch);
      return { refused: 0 };
    });
    for (const n of [1, 2, 3, 4]) q.push(n);
    await vi.waitFor(() => expect(batches.flat()).toEqual([1, 2, 3, 4]));
    expect(batches).toEqual([[1, 2, 3], [4]]);
    expect(await q.drain(1000)).toEqual({ delivered: 4, dropped: 0, pending: 0 });
  });

  it('retries a failing batch with backoff and counts it delivered once it goes through', async () => {
    let calls = 0;
    const q = queue(async () => {
      if (++calls < 3) throw new Error('503 from Langfuse');
      return { refused: 0 };
    });
    for (const n of [1, 2, 3]) q.push(n);
    await vi.waitFor(() => expect(q.counts().delivered).toBe(3));
    expect(calls).toBe(3);
    expect((await q.drain(1000)).dropped).toBe(0);
  });

  it('drops a batch after its retries, remembers why, and goes on with the next one', async () => {
    let calls = 0;
    const q = queue(async () => {
      if (++calls <= 3) throw new Error('connection refused');
      return { refused: 0 };
    });
    for (const n of [1, 2, 3, 4, 5, 6]) q.push(n);
    await vi.waitFor(() => expect(q.counts()).toMatchObject({ delivered: 3, dropped: 3, pending: 0, lastError: 'connection refused' }));
  });

  it('counts items the far end refuses as dropped, without retrying them', async () => {
    const send = vi.fn(async () => ({ refused: 1 }));
    const q = queue(send);
    for (const n of [1, 2, 3]) q.push(n);
    expect(await q.drain(1000)).toMatchObject({ delivered: 2, dropped: 1 });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stays within its bound while the far end hangs: extra items are dropped and counted, push never waits', async () => {
    const q = queue(() => new Promise(() => {}), { maxQueued: 5, batchSize: 100, flushIntervalMs: 60_000 });
    for (let n = 0; n < 8; n++) q.push(n);
    expect(q.counts()).toEqual({ delivered: 0, dropped: 3, pending: 5 });
  });

  it('at the drain deadline counts queued and in-flight items as dropped, and drops later pushes', async () => {
    const q = queue(() => new Promise(() => {}), { batchSize: 2 });
    for (const n of [1, 2, 3]) q.push(n);
    expect(await q.drain(20)).toEqual({ delivered: 0, dropped: 3, pending: 0 });
    q.push(4);
    expect(q.counts()).toEqual({ delivered: 0, dropped: 4, pending: 0 });
  });

  it("gives each send a signal of its own: a client that keeps a listener on it leaves nothing on the queue's", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const signals: AbortSignal[] = [];
      // as the Langfuse client does: a listener on the given signal, removed only if that signal aborts
      const q = queue(
        async (_batch, signal) => {
          signal.addEventListener('abort', () => {});
          signals.push(signal);
          return { refused: 0 };
        },
        { batchSize: 1 },
      );
      for (let n = 0; n < 30; n++) q.push(n);
      expect(await q.drain(1000)).toEqual({ delivered: 30, dropped: 0, pending: 0 });
      await new Promise((resolve) => setImmediate(resolve)); // Node emits its warnings on a later tick
      expect(new Set(signals).size).toBe(30);
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('aborts the send in flight when the drain deadline passes', async () => {
    let aborted = false;
    const q = queue(
      (_batch, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted'))))),
      {
        batchSize: 1,
      },
    );
    q.push(1);
    expect(await q.drain(20)).toEqual({ delivered: 0, dropped: 1, pending: 0 });
    expect(aborted).toBe(true);
  });

  it('while draining retries a failing batch at once instead of backing off, then drops the rest', async () => {
    const send = vi.fn(async () => {
      throw new Error('down');
    });
    const q = queue(send, { retry: { retries: 5, initialDelayMs: 60_000, maxDelayMs: 60_000 }, flushIntervalMs: 60_000 });
    for (const n of [1, 2, 3, 4, 5]) q.push(n);
    expect(await q.drain(60_000)).toMatchObject({ delivered: 0, dropped: 5, pending: 0 });
    // The first batch's 1 + 5 attempts, none after it: the far end is gone.
    expect(send).toHaveBeenCalledTimes(6);
  });
});
