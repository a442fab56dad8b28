import { readFile } from 'node:fs/promises';
import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
// jose's subpaths: the package's root loads every algorithm, and a seller starts once per run of the market suite
import { JWSSignatureVerificationFailed, JWTClaimValidationFailed, JWTExpired } from 'jose/errors';
import { jwtVerify } from 'jose/jwt/verify';
import * as z from 'zod';
import { StartupError } from '../common/startup-error.ts';

/** The shared HS256 signing secret, as the tdo runner and the sellers both read it. */
export const SECRET_ENV = 'TDO_AUTH_SECRET';
/** Over stdio the buyer's token comes from this variable (there are no HTTP headers to carry it). */
export const TOKEN_ENV = 'TDO_MARKET_TOKEN';

export const SCOPES = { negotiate: 'market:negotiate', accept: 'market:accept' } as const;
export const MARKET_SCOPES = [SCOPES.negotiate, SCOPES.accept];
const MIN_SECRET_BYTES = 32;

/** Who is calling, as the token says. */
export interface Buyer {
  id: string;
  scopes: string[];
  /** The most the buyer may pay per unit, when the token carries a limit. */
  maxPrice?: number;
  /** When the token stops being valid (seconds since the epoch, its `exp`); checked on every call. */
  expiresAt?: number;
}

/** An unauthenticated stdio process: the user who started it, with every scope and no limit. */
export const LOCAL_BUYER: Buyer = { id: 'local', scopes: MARKET_SCOPES };

const claimsSchema = z.object({
  sub: z.string().min(1),
  scope: z.string().default(''),
  exp: z.number(),
  max_price: z.number().finite().positive().optional(),
});

/** Reads the secret from `--secret-file` or TDO_AUTH_SECRET; undefined when neither is given. */
export async function loadSigningSecret(secretFile: string | undefined): Promise<Uint8Array | undefined> {
  let text: string | undefined;
  if (secretFile !== undefined) {
    try {
      text = (await readFile(secretFile, 'utf8')).trim();
    } catch (error) {
      throw new StartupError(`cannot read --secret-file ${secretFile}: ${(error as Error).message}`);
    }
  } else {
    text = process.env[SECRET_ENV] || undefined;
  }
  if (text === undefined) return undefined;
  const secret = new TextEncoder().encode(text);
  if (secret.length < MIN_SECRET_BYTES) throw new StartupError(`the signing secret must be at least ${MIN_SECRET_BYTES} bytes (HS256); got ${secret.length}`);
  return secret;
}

export class TokenError extends Error {}

/** Checks signature (HS256), audience and expiry, then the claims; throws TokenError saying which failed. */
export async function verifyBuyerToken(token: string, secret: Uint8Array, audience: string): Promise<Buyer & { expiresAt: number }> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, secret, { audience, algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] }));
  } catch (error) {
    if (error instanceof JWTExpired) throw new TokenError('the token has expired');
    if (error instanceof JWTClaimValidationFailed && error.claim === 'aud')
      throw new TokenError(`the token is not for this server (audience must be ${audience})`);
    if (error instanceof JWSSignatureVerificationFailed) throw new TokenError('the token signature is invalid');
    throw new TokenError(`the token is invalid: ${(error as Error).message}`);
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw new TokenError(`the token claims are invalid: ${z.prettifyError(claims.error)}`);
  const { sub, scope, exp, max_price } = claims.data;
  return { id: sub, scopes: scope.split(' ').filter(Boolean), expiresAt: exp, ...(max_price === undefined ? {} : { maxPrice: max_price }) };
}

/** The SDK's bearer-auth gate calls this on every HTTP request; the buyer rides in AuthInfo.extra. */
export function buyerTokenVerifier(secret: Uint8Array, audience: string): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      try {
        const buyer = await verifyBuyerToken(token, secret, audience);
        return { token, clientId: buyer.id, scopes: buyer.scopes, expiresAt: buyer.expiresAt, resource: new URL(audience), extra: { buyer } };
      } catch (error) {
        if (error instanceof TokenError) throw new OAuthError(OAuthErrorCode.InvalidToken, error.message);
        throw error;
      }
    },
  };
}

/** The buyer of an HTTP request, as the verifier stored it. */
export function buyerOf(authInfo: AuthInfo | undefined): Buyer | undefined {
  return authInfo?.extra?.buyer as Buyer | undefined;
}

/** The audience a stdio token names: there is no URL, so the seller's name stands for it. */
export function stdioAudience(seller: string): string {
  return `urn:tdo:market:${seller}`;
}
