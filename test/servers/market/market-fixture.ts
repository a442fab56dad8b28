import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SignJWT } from 'jose/jwt/sign';

export const MARKET_MAIN = fileURLToPath(new URL('../../../servers/market/main.ts', import.meta.url));
export const SECRET = 'test-secret-that-is-long-enough-for-hs256!';

export interface TokenClaims {
  sub?: string;
  aud?: string;
  scope?: string;
  max_price?: number;
  /** seconds from now; negative for an expired token */
  expiresIn?: number;
  secret?: string;
}

export function mint(claims: TokenClaims): Promise<string> {
  const { sub = 'buyer-a', aud, scope = 'market:negotiate market:accept', max_price, expiresIn = 300, secret = SECRET } = claims;
  const jwt = new SignJWT({ scope, ...(max_price === undefined ? {} : { max_price }) }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt();
  if (aud !== undefined) jwt.setAudience(aud);
  return jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn).sign(new TextEncoder().encode(secret));
}

export async function connectWithToken(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'market-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

export async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'tdo-market-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The structured fields of a tool result (negotiation_id, ask, status, deal). */
export function fields(result: { structuredContent?: unknown }): Record<string, any> {
  return (result.structuredContent ?? {}) as Record<string, any>;
}
