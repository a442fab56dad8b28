import { describe, expect, it } from 'vitest';
import { runCrowd } from '../../support/crowd.ts';

// Issue 34, item 3: thousands of plain MCP clients on four tokens, every third one claiming a clientInfo of its
// own, through the gateway to a market seller in its own process.
describe('the crowd through tdo gateway', () => {
  it('keeps every token and the seller within their limits, whatever clientInfo says, and loses nothing', async () => {
    const limits = { rate: 20, concurrency: 4, queue: 10, pace: 50, upstreamQueue: 4 };
    const crowd = await runCrowd({ agents: 2000, tokens: 4, callsPerAgent: 2, spoofEvery: 3, rampSeconds: 2, limits });

    expect(crowd.lostStatuses).toEqual({});
    expect(crowd.lost).toBe(0);
    expect(crowd.served + crowd.toldToRetry).toBe(crowd.requests);
    // the crowd asked for more than the limits allow, so some were told to come back
    expect(crowd.toldToRetry).toBeGreaterThan(0);
    expect(crowd.served).toBeGreaterThan(0);
    // A limiter keyed on clientInfo would give each spoofer a bucket of its own and let its token far past 20.
    expect(crowd.perTokenMaxPerSecond).toBeLessThanOrEqual(limits.rate);
    expect(crowd.perTokenMaxInFlight).toBeLessThanOrEqual(limits.concurrency);
    expect(crowd.upstreamMaxPerSecond).toBeLessThanOrEqual(limits.pace);
    // what the spoofers claimed was logged
    expect([...crowd.loggedClientNames].some((name) => name.startsWith('spoofed-client-'))).toBe(true);
  }, 120_000);
});
