import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { Leases } from '../../../src/gateway/leases.ts';

describe('Leases', () => {
  it('grants as many as its points, makes the next wait for a release, and counts a release once', async () => {
    const limiter = new RateLimiterMemory({ points: 2, duration: 0 });
    const leases = new Leases(limiter);
    const one = await leases.take('k');
    await leases.take('k');
    let third = false;
    const waiting = leases.take('k').then((lease) => ((third = true), lease));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(third).toBe(false);
    one.release();
    one.release();
    await waiting;
    expect(third).toBe(true);
    // two held again: the double release gave back one point, not two
    expect((await limiter.get('k'))?.consumedPoints).toBe(2);
  });

  it('gives a lease back no sooner than asked', async () => {
    const limiter = new RateLimiterMemory({ points: 1, duration: 0 });
    const leases = new Leases(limiter);
    const lease = await leases.take('k');
    const from = performance.now();
    lease.releaseAfter(200);
    await leases.take('k');
    expect(performance.now() - from).toBeGreaterThanOrEqual(200);
  });
});
