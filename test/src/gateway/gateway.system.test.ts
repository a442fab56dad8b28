import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/gateway/gateway.ts';
import { call, closeLater, closeOpened, errorOf, gateway, holdingUpstream, token, until } from '../../support/gateway.ts';
import { freePort, redisMissing, startRedis } from '../../support/redis-server.ts';

afterEach(closeOpened);

describe('tdo gateway', () => {
  it('forwards the request as it came, the token included, and the answer back', async () => {
    const upstream = await holdingUpstream();
    const gw = await gateway(upstream.url);
    const bearer = await token('buyer-a', upstream.url);
    const answer = call(gw.origin, bearer, { clientName: 'claims-to-be-admin' });
    await upstream.arrived(1);
    expect(upstream.arrivals[0]!.headers.authorization).toBe(`Bearer ${bearer}`);
    expect(upstream.arrivals[0]!.headers['mcp-name']).toBe('open_negotiation');
    expect(JSON.parse(upstream.arrivals[0]!.body).params.name).toBe('open_negotiation');
    upstream.arrivals[0]!.answer(200, '{"jsonrpc":"2.0","id":1,"result":{"ok":true}}');
    const res = await answer;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { ok: true } });
    await until(() => gw.log.length === 1);
    expect(gw.log[0]).toMatchObject({
      status: 200,
      subject: 'buyer-a',
      method: 'tools/call',
      name: 'open_negotiation',
      clientInfo: { name: 'claims-to-be-admin' },
    });
  });

  it('refuses a missing token, or one for another server, before anything reaches the upstream', async () => {
    const upstream = await holdingUpstream();
    const gw = await gateway(upstream.url);
    const missing = await call(gw.origin, undefined);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const elsewhere = await call(gw.origin, await token('buyer-a', 'http://127.0.0.1:1/mcp'));
    expect(elsewhere.status).toBe(401);
    expect((await errorOf(elsewhere)).message).toContain('audience must be');
    const lost = await fetch(`${gw.origin}/nowhere`, { method: 'POST' });
    expect(lost.status).toBe(404);
    expect(upstream.arrivals).toHaveLength(0);
  });

  it("queues a token's excess up to the bound and answers 429 with Retry-After beyond it, whatever clientInfo or headers say", async () => {
    const upstream = await holdingUpstream();
    const gw = await gateway(upstream.url, { concurrency: 1, queue: 1 });
    const a = await token('buyer-a', upstream.url);
    const first = call(gw.origin, a);
    await upstream.arrived(1);
    // The token's one slot is taken: of two more, one waits and one is refused, whichever comes first, though
    // they claim different clients and one sends no Mcp-Method header.
    const later = [call(gw.origin, a, { mcpHeaders: false }), call(gw.origin, a, { clientName: 'a-different-client', mcpHeaders: false })];
    const refused = await Promise.race(later);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await errorOf(refused)).message).toContain('retry after');
    // another token is not held up by buyer-a's queue
    const other = call(gw.origin, await token('buyer-b', upstream.url));
    await upstream.arrived(2);
    expect(upstream.arrivals[1]!.headers.authorization).not.toContain(a);
    upstream.arrivals[1]!.answer();
    expect((await other).status).toBe(200);
    upstream.arrivals[0]!.answer();
    expect((await first).status).toBe(200);
    await upstream.arrived(3);
    upstream.arrivals[2]!.answer();
    expect((await Promise.all(later)).map((r) => r.status).sort()).toEqual([200, 429]);
  });

  it('limits one method and tool per token, the headers agreeing with the body', async () => {
    const upstream = await holdingUpstream();
    const gw = await gateway(upstream.url, { methodRates: { 'tools/call:accept_proposal': 1 } });
    const a = await token('buyer-a', upstream.url);
    const accepts = [call(gw.origin, a, { tool: 'accept_proposal' }), call(gw.origin, a, { tool: 'accept_proposal' })];
    await upstream.arrived(2);
    for (const arrival of upstream.arrivals) arrival.answer();
    await Promise.all(accepts);
    // one accept a second: the second was sent no sooner than a second after the first
    expect(gw.sends[1]! - gw.sends[0]!).toBeGreaterThanOrEqual(1000);
  });

  it('refuses a body over its bound with 413 before it waits', async () => {
    const upstream = await holdingUpstream();
    const gw = await gateway(upstream.url);
    const res = await fetch(`${gw.origin}/seller`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token('buyer-a', upstream.url)}` },
      body: Buffer.alloc(MAX_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toContain(`at most ${MAX_BODY_BYTES} bytes`);
    expect(upstream.arrivals).toHaveLength(0);
  });

  it('answers 502 with the cause when the upstream is down, never a success', async () => {
    const port = await freePort();
    const upstream = `http://127.0.0.1:${port}/mcp`;
    const gw = await gateway(upstream);
    const res = await call(gw.origin, await token('buyer-a', upstream));
    expect(res.status).toBe(502);
    const error = await errorOf(res);
    expect(error.message).toContain(`upstream ${upstream} failed`);
    expect(error.message).toContain('ECONNREFUSED');
  });

  describe.skipIf(redisMissing() !== undefined)('with --redis', () => {
    it('shares the counts between gateways, and refuses with the cause once Redis is gone', async () => {
      const redis = await startRedis();
      closeLater({ close: () => redis.stop() });
      const upstream = await holdingUpstream();
      const limits = { concurrency: 1, queue: 1, redis: redis.url };
      const one = await gateway(upstream.url, limits);
      const two = await gateway(upstream.url, limits);
      const a = await token('buyer-a', upstream.url);
      const first = call(one.origin, a);
      await upstream.arrived(1);
      // buyer-a's slot is held through gateway one: of two more through gateway two, one waits and one is refused
      const later = [call(two.origin, a), call(two.origin, a)];
      expect((await Promise.race(later)).status).toBe(429);
      expect(upstream.arrivals).toHaveLength(1);
      upstream.arrivals[0]!.answer();
      expect((await first).status).toBe(200);
      await upstream.arrived(2);
      upstream.arrivals[1]!.answer();
      expect((await Promise.all(later)).map((r) => r.status).sort()).toEqual([200, 429]);

      await redis.stop();
      const down = await call(one.origin, a);
      expect(down.status).toBe(503);
      expect((await errorOf(down)).message).toContain('could not count this request');
    });

    it('answers 503 with the cause when Redis stops answering, never a request waiting for ever', async () => {
      const redis = await startRedis();
      closeLater({ close: () => redis.stop() });
      const upstream = await holdingUpstream();
      const gw = await gateway(upstream.url, { redis: redis.url }, {}, { redisCommandTimeoutMs: 200 });
      // a Redis that is there but answers nothing, as one cut off without a reset
      const pauser = new Redis(redis.url);
      await pauser.call('CLIENT', 'PAUSE', '3000', 'ALL');
      pauser.disconnect();
      const res = await call(gw.origin, await token('buyer-a', upstream.url));
      expect(res.status).toBe(503);
      expect((await errorOf(res)).message).toMatch(/could not count this request: .*timed out/i);
      expect(upstream.arrivals).toHaveLength(0);
    });

    it('frees a slot whose release was lost while Redis restarted, once its lease expires', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tdo-gateway-redis-'));
      closeLater({ close: async () => rmSync(dir, { recursive: true, force: true }) });
      const before = await startRedis(undefined, dir);
      const upstream = await holdingUpstream();
      const limits = { concurrency: 1, redis: before.url };
      const one = await gateway(upstream.url, limits, {}, { leaseTtlMs: 300 });
      const a = await token('buyer-a', upstream.url);
      const first = call(one.origin, a);
      await upstream.arrived(1);
      // Redis goes down holding buyer-a's one slot (saved to disk), so the release after this answer is lost
      await before.stop();
      upstream.arrivals[0]!.answer();
      expect((await first).status).toBe(200);
      const after = await startRedis(before.port, dir);
      closeLater({ close: () => after.stop() });
      const two = await gateway(upstream.url, limits, {}, { leaseTtlMs: 300 });
      const second = call(two.origin, a);
      await upstream.arrived(2);
      upstream.arrivals[1]!.answer();
      expect((await second).status).toBe(200);
    });
  });
});
