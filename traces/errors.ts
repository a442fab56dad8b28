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

/** How long a writer waits for another process's write to finish before failing. */
export const BUSY_TIMEOUT_MS = 10_000;

/** Result codes that mean the file takes no writes, at open or later, and what a user should hear (extended codes match by prefix). */
export const WRITE_FAILURES: Array<[code: string, what: string]> = [
  [
    'SQLITE_BUSY',
    `is locked by another process, which held it past the ${BUSY_TIMEOUT_MS / 1000} s tdo waits: let it finish (another tdo command writing there?) and run this again, or point --db / TDO_DB at another file`,
  ],
  ['SQLITE_FULL', 'cannot be written: the disk is full (free some space, or point --db / TDO_DB elsewhere)'],
  ['SQLITE_READONLY', 'is not writable (the file or its directory is read-only)'],
  ['SQLITE_PERM', 'is not writable (permission denied)'],
];

/** Result codes that mean the file was damaged after it opened (by a failing disk or another writer). */
const DAMAGE_FAILURES: Array<[code: string, what: string]> = [
  ['SQLITE_CORRUPT', 'was found corrupt while in use (database disk image is malformed); restore it from a copy, or point --db / TDO_DB at another file'],
  ['SQLITE_NOTADB', 'was overwritten while in use (it is no longer a SQLite database); restore it from a copy, or point --db / TDO_DB at another file'],
];

/**
 * The store with every method turning a write failure or a damaged file into a TraceStoreError naming the file,
 * so a full disk, a read-only file or a corrupt one mid-run reads as what it is rather than as a stack trace.
 */
export function reportingStoreFailures<T extends object>(store: T, path: string): T {
  const failures = [...WRITE_FAILURES, ...DAMAGE_FAILURES];
  const wrapped = Object.entries(store).map(([name, value]) => {
    if (typeof value !== 'function') return [name, value];
    return [
      name,
      (...args: unknown[]) => {
        try {
          return value(...args);
        } catch (error) {
          const code = sqliteErrorCode(error);
          const known = code === undefined ? undefined : failures.find(([prefix]) => code.startsWith(prefix));
          if (known === undefined) throw error;
          throw new TraceStoreError(`trace store ${path}: ${known[1]}`, { cause: error });
        }
      },
    ];
  });
  return Object.fromEntries(wrapped) as T;
}
