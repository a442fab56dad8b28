import Database from 'better-sqlite3';

/** A trace store problem a user can act on; the message names the database file and what is wrong. */
export class TraceStoreError extends Error {
  override name = 'TraceStoreError';
}

/**
 * The SQLite result code (e.g. 'SQLITE_CONSTRAINT_FOREIGNKEY') behind an error, looking through
 * drizzle's query-error wrapper; undefined when the error did not come from SQLite.
 */
export function sqliteErrorCode(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof Database.SqliteError) return e.code;
  }
  return undefined;
}
