import { describe, expect, it } from 'vitest';
import { stdioAudience, TokenError, verifyBuyerToken } from '../../../servers/market/auth.ts';
import { bearerHeaders, mintBearerToken, runSigningSecret } from '../../../src/run/tokens.ts';

const SECRET = 'a-run-secret-that-is-long-enough-for-hs256';
const key = new TextEncoder().encode(SECRET);

describe('runner tokens', () => {
  it('are accepted by a seller for the audience they name, with subject, scopes and max_price', async () => {
    const token = await mintBearerToken(SECRET, 'http://127.0.0.1:1/mcp', {
      subject: 'buyer-e1',
      scopes: ['market:negotiate', 'market:accept'],
      maxPrice: 12.5,
    });
    await expect(verifyBuyerToken(token, key, 'http://127.0.0.1:1/mcp')).resolves.toMatchObject({
      id: 'buyer-e1',
      scopes: ['market:negotiate', 'market:accept'],
      maxPrice: 12.5,
    });
    await expect(verifyBuyerToken(token, key, 'http://127.0.0.1:2/mcp')).rejects.toThrow(
      new TokenError('the token is not for this server (audience must be http://127.0.0.1:2/mcp)'),
    );
    await expect(verifyBuyerToken(token, new TextEncoder().encode(`${SECRET}x`), 'http://127.0.0.1:1/mcp')).rejects.toThrow('signature is invalid');
    await expect(verifyBuyerToken(token, key, stdioAudience('x'))).rejects.toThrow(TokenError);
  });

  it('carry no max_price unless asked, and only servers with scopes get a header', async () => {
    const headersFor = bearerHeaders(SECRET, (server) => (server === 'seller' ? ['market:negotiate'] : undefined), { subject: 'buyer-e2' });
    expect(await headersFor('plain', 'http://127.0.0.1:3/mcp')).toEqual({});
    const { authorization } = await headersFor('seller', 'http://127.0.0.1:3/mcp');
    const buyer = await verifyBuyerToken(authorization!.replace('Bearer ', ''), key, 'http://127.0.0.1:3/mcp');
    expect(buyer).toMatchObject({ id: 'buyer-e2', scopes: ['market:negotiate'] });
    expect(buyer.maxPrice).toBeUndefined();
  });

  it('are signed with TDO_AUTH_SECRET when set, else with a fresh secret per run', () => {
    expect(runSigningSecret({ TDO_AUTH_SECRET: SECRET })).toEqual({ secret: SECRET, fromEnv: true });
    const a = runSigningSecret({});
    expect(a.fromEnv).toBe(false);
    expect(a.secret).not.toBe(runSigningSecret({}).secret);
    expect(Buffer.from(a.secret, 'base64url').length).toBe(32);
  });
});
