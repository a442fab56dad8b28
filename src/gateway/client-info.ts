/** Where a client names itself: `initialize`'s params, or each request's `_meta` in the stateless protocol. */
const META_KEY = 'io.modelcontextprotocol/clientInfo';

export interface ClientInfo {
  name?: string;
  version?: string;
}

/** A logged field: a string, cut short, with C1 controls (which JSON leaves raw) replaced. */
const LOGGED_LENGTH = 200;
const logged = (value: unknown) => (typeof value === 'string' ? value.slice(0, LOGGED_LENGTH).replace(/[\u0080-\u009f]/g, '?') : undefined);

/**
 * The clientInfo a request claims, for the log only: the client writes it itself, so the gateway never
 * limits or routes on it. Read after every decision is made; a body that is not one JSON-RPC request has none.
 */
export function claimedClientInfo(body: Buffer): ClientInfo | undefined {
  if (body.length === 0) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  const params = (message as { params?: { clientInfo?: unknown; _meta?: Record<string, unknown> } } | null)?.params;
  const info = params?.clientInfo ?? params?._meta?.[META_KEY];
  if (typeof info !== 'object' || info === null) return undefined;
  const name = logged((info as { name?: unknown }).name);
  const version = logged((info as { version?: unknown }).version);
  return { ...(name === undefined ? {} : { name }), ...(version === undefined ? {} : { version }) };
}
