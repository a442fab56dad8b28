import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadDescriptions } from '../common/descriptions.ts';
import { isEntryPoint, runServerMain, serverMainSpec } from '../common/main.ts';
import { StartupError } from '../common/startup-error.ts';
import { SELLERS_DIR, sellerDescriptionsFile } from '../shipped-files.ts';
import {
  buyerTokenVerifier,
  LOCAL_BUYER,
  loadSigningSecret,
  MARKET_SCOPES,
  SECRET_ENV,
  stdioAudience,
  TOKEN_ENV,
  TokenError,
  verifyBuyerToken,
  type Buyer,
} from './auth.ts';
import { NegotiationStore } from './negotiations.ts';
import { loadSellerProfile } from './profile.ts';
import { createMarketServerFactory, MARKET_TOOL_NAMES } from './server.ts';
import { privateStateDir } from './state-dir.ts';

/** The shipped seller profiles: one folder each under servers/market/sellers/. */
export function sellerNames(): string[] {
  return readdirSync(SELLERS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

const USAGE = `usage: market --seller NAME [--http] [--port N] [--descriptions FILE] [--db FILE] [--injection on|off] [--secret-file FILE]
  one seller per process; stdio by default; --http serves http://127.0.0.1:N/mcp (default port 8100, 0 picks a free one)
  --seller        one of: ${sellerNames().join(', ')}
  --descriptions  JSON {toolName: description} (default servers/market/sellers/NAME/descriptions.json)
  --db            the seller's negotiation state, a SQLite file (env TDO_MARKET_DB; default <tmpdir>/tdo-market-UID/NAME.db,
                  in a folder private to the user: 0700, refused if another user owns it or may write to it)
  --injection     on: offers carry one sentence aimed at the buyer's model (default off)
  --secret-file   HS256 signing secret shared with the token minter (else env ${SECRET_ENV}); --http requires one
  Over HTTP every request needs "Authorization: Bearer JWT" (aud = this server's URL, scopes ${MARKET_SCOPES.join(' ')},
  optional max_price per unit). Over stdio a token may come from env ${TOKEN_ENV} (aud = ${stdioAudience('NAME')});
  without one the caller is the local user, with every scope and no limit.`;

function requireSeller(name: string | undefined): string {
  if (name === undefined) throw new StartupError('--seller NAME is required');
  if (!sellerNames().includes(name)) throw new StartupError(`unknown seller "${name}"; choose one of ${sellerNames().join(', ')}`);
  return name;
}

function injectionFlag(value: string | undefined): boolean {
  if (value === undefined || value === 'off') return false;
  if (value === 'on') return true;
  throw new StartupError(`--injection must be on or off, got "${value}"`);
}

async function stdioBuyer(seller: string, secretFile: string | undefined): Promise<Buyer> {
  const token = process.env[TOKEN_ENV] || undefined;
  if (token === undefined) return LOCAL_BUYER;
  const secret = await loadSigningSecret(secretFile);
  if (secret === undefined) throw new StartupError(`${TOKEN_ENV} is set but there is no signing secret to verify it: set ${SECRET_ENV} or pass --secret-file`);
  try {
    return await verifyBuyerToken(token, secret, stdioAudience(seller));
  } catch (error) {
    if (error instanceof TokenError) throw new StartupError(`${TOKEN_ENV}: ${error.message}`);
    throw error;
  }
}

/** How a seller starts; `tdo serve market --seller NAME` runs the same spec. */
export const marketServerMain = serverMainSpec({
  name: 'market',
  defaultPort: 8100,
  stringOptions: ['seller', 'descriptions', 'db', 'injection', 'secret-file'],
  env: { db: 'TDO_MARKET_DB' },
  usage: USAGE,
  async createFactory(flags) {
    const seller = requireSeller(flags.seller);
    const injection = injectionFlag(flags.injection);
    const profile = await loadSellerProfile(join(SELLERS_DIR, seller, 'profile.json'));
    const descriptions = await loadDescriptions(flags.descriptions ?? sellerDescriptionsFile(seller), MARKET_TOOL_NAMES);
    const dbFile = flags.db ?? join(privateStateDir(), `${seller}.db`);
    let store: NegotiationStore;
    try {
      store = new NegotiationStore(dbFile);
    } catch (error) {
      throw new StartupError(`cannot open the negotiation database ${dbFile}: ${(error as Error).message}`);
    }
    return createMarketServerFactory({ seller, profile, descriptions, store, injection, stdioBuyer: await stdioBuyer(seller, flags['secret-file']) });
  },
  async httpAuth(flags) {
    const secret = await loadSigningSecret(flags['secret-file']);
    if (secret === undefined) throw new StartupError(`--http needs the token signing secret: set ${SECRET_ENV} (at least 32 bytes) or pass --secret-file FILE`);
    return { verifier: (url) => buyerTokenVerifier(secret, url), scopesSupported: MARKET_SCOPES };
  },
});

if (isEntryPoint(import.meta.url)) await runServerMain(marketServerMain);
