import { request } from 'node:http';
import { connect } from 'node:net';
import { SignJWT } from 'jose/jwt/sign';
import { afterEach, describe, expect, it } from 'vitest';
import { call, closeOpened, errorOf, gateway, holdingUpstream, secret, token } from '../../support/gateway.ts';

afterEach(closeOpened);

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens a stranger can write: jose quotes the first's header parameter in its error, the zod check the second's claims. */
async function hostileTokens(audience: string): Promise<string[]> {
  const crit = `${base64url({ alg: 'HS256', crit: ['x\ny'], 'x\ny': 1 })}.${base64url({ sub: 'a', exp: 2e9 })}.c2ln`;
  const emptySubject = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('').setAudience(audience).setExpirationTime('5m').sign(secret);
  return [crit, emptySubject];
}

/** Sends the head of a POST and part of its body, never the rest; resolves to the status, or to 'no answer' when the connection closes without one. */
function slowBody(origin: string, headers: Record<string, string>): Promise<number | 'no answer'> {
  return new Promise((resolve) => {
    const req = request(`${origin}/seller`, { method: 'POST', headers: { 'content-length': '1000', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', () => resolve('no answer'));
    req.write('{"jsonrpc":');
  });
}

describe('tdo gateway against a hostile client', () => {
  it('answers a token whose error or claims hold a newline with 401 and a fixed challenge, and lives on', async () => {
    const upstream = await holdingUpstream();
    const gw = await gateway(upstream.url);
    for (const bearer of await hostileTokens(upstream.url)) {
      const refused = await call(gw.origin, bearer);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="the token was refused"');
      expect((await errorOf(refused)).message).toMatch(/^the token (is invalid|claims are invalid)/);
    }
    const served = call(gw.origin, await token('buyer-a', upstream.url));
    await upstream.arrived(1);
    upstream.arrivals[0]!.answer();
    expect((await served).status).toBe(200);
  });

  it('answers a request target no URL parser reads with 404, and lives on', async () => {
    const upstream = await holdingUpstream();
    const gw = await gateway(upstream.url);
    const socket = connect(Number(new URL(gw.origin).port), '127.0.0.1');
    socket.write('POST http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    expect((await call(gw.origin, undefined)).status).toBe(401);
  });

  it('refuses a request without a token from its headers, before its body arrives', async () => {
    const upstream = await holdingUpstream();
    const gw = await gateway(upstream.url);
    expect(await slowBody(gw.origin, {})).toBe(401);
  });

  it('cuts a body that takes longer than its bound with 408', async () => {
    const upstream = await holdingUpstream();
    const gw = await gateway(upstream.url, {}, { bodyTimeoutMs: 50 });
    expect(await slowBody(gw.origin, { authorization: `Bearer ${await token('buyer-a', upstream.url)}` })).toBe(408);
    expect(upstream.arrivals).toHaveLength(0);
  });

  it('counts --method-rate by the method and tool the body names, whatever the headers say', async () => {
    const upstream = await holdingUpstream();
    const key = 'tools/call:accept_proposal';
    const gw = await gateway(upstream.url, { methodRates: { [key]: 1 } });
    const bearer = await token('buyer-a', upstream.url);
    const lying = await call(gw.origin, bearer, { tool: 'accept_proposal', mcpHeaders: { 'mcp-method': 'tools/list' } });
    expect(lying.status).toBe(400);
    expect((await errorOf(lying)).message).toContain('the Mcp-Method header says tools/list');
    const misnamed = await call(gw.origin, bearer, { tool: 'accept_proposal', mcpHeaders: { 'mcp-method': 'tools/call', 'mcp-name': 'get_quote' } });
    expect(misnamed.status).toBe(400);
    expect(upstream.arrivals).toHaveLength(0);
    // no headers at all: the accept still takes its lease
    const silent = call(gw.origin, bearer, { tool: 'accept_proposal', mcpHeaders: false });
    await upstream.arrived(1);
    expect(await gw.limiters.methods.get(key)!.held(`buyer-a ${key}`)).toBe(1);
    upstream.arrivals[0]!.answer();
    expect((await silent).status).toBe(200);
    await gw.close();
    expect(gw.log.find((entry) => entry.status === 200)).toMatchObject({ method: 'tools/call', name: 'accept_proposal' });
  });
});
