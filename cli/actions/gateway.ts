import { loadSigningSecret, SECRET_ENV, verifyBuyerToken } from '../../servers/market/auth.ts';
import { StartupError } from '../../servers/common/startup-error.ts';
import { inputError } from '../../src/index.ts';
import { startGateway, type GatewayLogEntry } from '../../src/gateway/index.ts';
import { type TokenVerifier } from '../../src/index.ts';
import { openLimiters } from '../../src/gateway/index.ts';
import { parseGatewayOptions, splitPair } from '../../src/index.ts';
import { toJsonText } from '../../src/index.ts';
import type { GatewayFlags } from '../tables/gateway.ts';

/** Digits as a number; anything else NaN, which the options schema refuses naming the flag. */
const whole = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

export async function gatewayCommand(flags: GatewayFlags): Promise<void> {
  const options = parseGatewayOptions({
    routes: flags.route.map((text) => {
      const [path, upstream] = splitPair('--route', text);
      return { path, upstream };
    }),
    port: whole(flags.port),
    rate: whole(flags.rate),
    concurrency: whole(flags.concurrency),
    queue: whole(flags.queue),
    pace: whole(flags.pace),
    upstreamQueue: whole(flags.upstreamQueue),
    methodRates: Object.fromEntries(flags.methodRate.map((text) => splitPair('--method-rate', text)).map(([key, n]) => [key, whole(n)])),
    ...(flags.redis === undefined ? {} : { redis: flags.redis }),
  });
  const verify = await marketVerifier(flags.secretFile);
  const limiters = await openLimiters(options);
  try {
    const gateway = await startGateway(options, limiters, { verify, log: stderrLog() }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') throw inputError(`tdo gateway: port ${options.port} is in use; pass another --port (0 picks a free one)`);
      throw error;
    });
    process.stderr.write(
      `tdo gateway: listening on ${gateway.origin}; ${options.routes.map((r) => `${gateway.origin}${r.path} -> ${r.upstream}`).join(', ')}; counts ${options.redis === undefined ? 'in this process' : `in ${options.redis}`}\n`,
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await gateway.close();
  } finally {
    await limiters.close();
  }
}

/** The request log, one JSON line each on stderr; a reader that went away (EPIPE) ends the log, never the gateway. */
function stderrLog(): (entry: GatewayLogEntry) => void {
  let readerGone = false;
  process.stderr.on('error', () => (readerGone = true));
  return (entry) => {
    if (!readerGone) process.stderr.write(toJsonText(entry));
  };
}

/** The market sellers' own check (servers/market/auth.ts): HS256, audience = the upstream's URL, expiry, claims. */
async function marketVerifier(secretFile: string | undefined): Promise<TokenVerifier> {
  let secret: Uint8Array | undefined;
  try {
    secret = await loadSigningSecret(secretFile);
  } catch (error) {
    if (error instanceof StartupError) throw inputError(`tdo gateway: ${error.message}`);
    throw error;
  }
  if (secret === undefined) throw inputError(`tdo gateway needs the token signing secret: set ${SECRET_ENV} (at least 32 bytes) or pass --secret-file FILE`);
  return async (token, audience) => (await verifyBuyerToken(token, secret, audience)).id;
}
