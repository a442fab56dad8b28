import { describe, expect, it, vi } from 'vitest';
import { Leases, MemoryLeaseStore } from '../../../src/gateway/leases.ts';

const TTL_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A store that loses every release, as one whose Redis went away when the lease was given back. */
class LosingReleases extends MemoryLeaseStore {
  override async release(): Promise<void> {
    throw new Error('connection is closed');
  }
}

describe('Leases', () => {
  it('grants as many as its points, makes the next wait for a release, and counts a release once', async () => {
    const leases = new Leases(new MemoryLeaseStore(), 'test', 2, TTL_MS);
    const one = await leases.take('k');
    await leases.take('k');
    let third = false;
    const waiting = leases.take('k').then((lease) => ((third = true), lease));
    await sleep(50);
    expect(third).toBe(false);
    one.release();
    one.release();
    await waiting;
    expect(third).toBe(true);
    // two held again: the double release gave back one lease, not two
    expect(await leases.held('k')).toBe(2);
  });

  it('gives a lease back no sooner than asked', async () => {
    const leases = new Leases(new MemoryLeaseStore(), 'test', 1, TTL_MS);
    const lease = await leases.take('k');
    const from = performance.now();
    lease.releaseAfter(200);
    await leases.take('k');
    expect(performance.now() - from).toBeGreaterThanOrEqual(200);
  });

  it('keeps a held lease past its time to live by renewing it, and frees one whose release was lost when it expires', async () => {
    // the clock is the test's: a busy machine that delays a renewal past the lease's 60 ms proves nothing here
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    try {
      const leases = new Leases(new LosingReleases(), 'test', 1, 60);
      const lease = await leases.take('k');
      await vi.advanceTimersByTimeAsync(200);
      expect(await leases.held('k')).toBe(1);
      lease.release();
      // the store lost the release: the next take waits for the lease's expiry (60 ms after its last renewal), then gets it
      let taken = false;
      const next = leases.take('k').then(() => (taken = true));
      await vi.advanceTimersByTimeAsync(40);
      expect(taken).toBe(false);
      await vi.advanceTimersByTimeAsync(60);
      await next;
      expect(await leases.held('k')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
