import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose/jwt/sign';
import type { HeadersFor } from '../host/host.ts';

/**
 * The HS256 secret the runner signs bearer tokens with. Servers the runner starts get it in their
 * environment; a server reached by URL must be started with the same value.
 */
export const SIGNING_SECRET_ENV = 'TDO_AUTH_SECRET';
const TOKEN_TTL_SECONDS = 15 * 60;

export interface TokenGrant {
  /** The buyer: one per episode, so one episode cannot touch another's negotiations. */
  subject: string;
  scopes: string[];
  /** The most the subject may pay per unit; servers refuse anything above it. */
  maxPrice?: number;
}

/** TDO_AUTH_SECRET when set, else a fresh random secret for this run only. */
export function runSigningSecret(env: NodeJS.ProcessEnv = process.env): { secret: string; fromEnv: boolean } {
  const fromEnv = env[SIGNING_SECRET_ENV];
  return fromEnv ? { secret: fromEnv, fromEnv: true } : { secret: randomBytes(32).toString('base64url'), fromEnv: false };
}

/** A JWT for one audience (the server's URL), as an OAuth authorization server would issue it. */
export async function mintBearerToken(secret: string, audience: string, grant: TokenGrant): Promise<string> {
  return new SignJWT({ scope: grant.scopes.join(' '), ...(grant.maxPrice === undefined ? {} : { max_price: grant.maxPrice }) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('tdo-runner')
    .setSubject(grant.subject)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
    .sign(new TextEncoder().encode(secret));
}

/** Authorization headers for each server that declares scopes, minted for that server's URL. */
export function bearerHeaders(secret: string, scopesOf: (server: string) => string[] | undefined, grant: Omit<TokenGrant, 'scopes'>): HeadersFor {
  return async (server, url): Promise<Record<string, string>> => {
    const scopes = scopesOf(server);
    if (scopes === undefined) return {};
    return { authorization: `Bearer ${await mintBearerToken(secret, url, { ...grant, scopes })}` };
  };
}
