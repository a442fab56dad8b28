import type { SQL } from 'drizzle-orm';
import type { SQLiteInsertValue } from 'drizzle-orm/sqlite-core';
import { sqliteErrorCode, TraceStoreError } from './errors.ts';
import type { TraceDb } from './open.ts';
import type { optimizerCandidates, optimizerEvaluations, optimizerProposals } from './schema.ts';

// Writing the optimizer's search records (traces/optimizer-records.ts) once: a resumed search replays each record,
// which must agree with the stored one.

/** The store the search records are written to, and the error naming its file. */
export interface RecordsDb {
  readonly db: TraceDb;
  fail(what: string): TraceStoreError;
}

export function recordsDb(db: TraceDb, path: string): RecordsDb {
  return { db, fail: (what) => new TraceStoreError(`trace store ${path}: ${what}`) };
}

type SearchRecordTable = typeof optimizerEvaluations | typeof optimizerCandidates | typeof optimizerProposals;

/** Inserts, or returns the stored row when the key exists; `same` decides whether a replay agrees with it. */
export function insertOnce<Row>(store: RecordsDb, existing: () => Row | undefined, insert: () => Row, same: (row: Row) => boolean, what: string): Row {
  return store.db.transaction(
    () => {
      const row = existing();
      if (row !== undefined) {
        if (!same(row)) throw store.fail(`${what} differs from the stored one: the resumed search diverged from the original`);
        return row;
      }
      try {
        return insert();
      } catch (e) {
        if (sqliteErrorCode(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw store.fail(`${what}: no run with that id`);
        throw e;
      }
    },
    { behavior: 'immediate' },
  );
}

/**
 * A search record (evaluation, candidate or proposal) of one run, found by `key`: inserted stamped with its
 * creation time, or the stored one returned (see insertOnce). drizzle's builders do not resolve their row
 * types over a generic table, so the casts restate what they return for each of the three.
 */
export function recordOnce<T extends SearchRecordTable>(
  store: RecordsDb,
  table: T,
  key: SQL | undefined,
  input: Omit<T['$inferInsert'], 'createdAt'>,
  same: (row: T['$inferSelect']) => boolean,
  what: string,
): T['$inferSelect'] {
  const { db } = store;
  return insertOnce(
    store,
    () => db.select().from(table).where(key).get() as T['$inferSelect'] | undefined,
    () =>
      db
        .insert(table)
        .values({ ...input, createdAt: new Date().toISOString() } as SQLiteInsertValue<T>)
        .returning()
        .get() as T['$inferSelect'],
    same,
    what,
  );
}
