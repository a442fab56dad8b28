import { eq } from 'drizzle-orm';
import type { TraceDb } from './open.ts';
import { responseCache } from './schema.ts';
import type { ResponseCacheStore } from './types.ts';

/** A persistent key -> text cache (model responses), kept next to the traces it saves re-computing. */
export function responseCacheStore(db: TraceDb): ResponseCacheStore {
  return {
    cacheGet(key) {
      return db.select({ value: responseCache.value }).from(responseCache).where(eq(responseCache.key, key)).get()?.value;
    },
    cachePut(key, value) {
      const createdAt = new Date().toISOString();
      db.insert(responseCache).values({ key, value, createdAt }).onConflictDoUpdate({ target: responseCache.key, set: { value, createdAt } }).run();
    },
  };
}
