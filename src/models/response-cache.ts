import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';

/** Stores completions by request key. A SQLite-backed one comes from the trace store. */
export interface ResponseCache {
  get(key: string): string | undefined;
  put(key: string, value: string): void;
}

/**
 * The cache key of a chat request: sha256 of the endpoint and the whole request body (model
 * included) in canonical JSON, so any change (a tool's description or schema, the temperature,
 * another server) misses instead of replaying; a dead endpoint is never answered from the cache
 * of a live one.
 */
export function requestCacheKey(endpoint: string, requestBody: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ endpoint, request: requestBody }))
    .digest('hex');
}

/** A cache that lives as long as the process: for one-off runs and tests. */
export class MemoryResponseCache implements ResponseCache {
  private readonly entries = new Map<string, string>();

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  put(key: string, value: string): void {
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }
}
