// Opening a trace store file: connection settings, safety checks and migrations.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { BUSY_TIMEOUT_MS, sqliteErrorCode, TraceStoreError, WRITE_FAILURES } from './errors.ts';
import * as schema from './schema.ts';

export type TraceDb = BetterSQLite3Database<typeof schema>;

export interface OpenedDatabase {
  /** absolute path of the database file */
  path: string;
  sqlite: Database.Database;
  db: TraceDb;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATIONS_TABLE = '__drizzle_migrations';

/**
 * Opens (creating if needed) the SQLite file at `path` and brings its schema up to date; with `readOnly`, opens an
 * existing store on a connection that cannot write (`tdo view`). Never deletes or rewrites an existing file that is
 * not a trace store: such files are refused.
 */
export function openDatabase(path: string, options: { readOnly?: boolean } = {}): OpenedDatabase {
  const absolute = resolve(path);
  const fail = (what: string, cause?: unknown) => new TraceStoreError(`trace store ${absolute}: ${what}`, cause === undefined ? undefined : { cause });
  if (options.readOnly === true) return openReadOnly(absolute, fail);

  try {
    if (statSync(absolute, { throwIfNoEntry: false })?.isDirectory()) throw fail('is a directory, not a database file');
    makeDirectories(dirname(absolute));
  } catch (e) {
    throw e instanceof TraceStoreError ? e : fail(`cannot create it there (${(e as Error).message})`, e);
  }

  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    let sqlite: Database.Database;
    try {
      sqlite = new Database(absolute);
    } catch (e) {
      throw fail(describeOpenFailure(e), e);
    }
    try {
      // busy_timeout first, so every step below waits for other processes instead of failing
      sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // before anything that changes the file (WAL mode is written into its header)
      refuseForeignDatabase(sqlite, fail);
      configure(sqlite);
      const db = drizzle(sqlite, { schema });
      // Off while migrating: a migration rebuilds a table by copying it and dropping the old one, and dropping
      // runs with foreign keys on would delete every episode (SQLite's own procedure for altering a table).
      sqlite.pragma('foreign_keys = OFF');
      applyMigrations(db, sqlite, fail);
      sqlite.pragma('foreign_keys = ON');
      return { path: absolute, sqlite, db };
    } catch (e) {
      sqlite.close();
      // SQLite answers BUSY at once, without waiting, when a read lock cannot be upgraded (several
      // processes creating one fresh file); starting over from a new connection resolves it.
      // A lock another process held for the whole busy timeout is not that: say so, rather than wait it out again.
      if (isBusy(e) && attempt < OPEN_ATTEMPTS && performance.now() - started < BUSY_TIMEOUT_MS) {
        sleepSync(BUSY_RETRY_MS * attempt);
        continue;
      }
      throw e instanceof TraceStoreError ? e : fail(describeOpenFailure(e), e);
    }
  }
}

/**
 * A connection SQLite itself keeps from writing: no migration is applied, so a store whose schema is not this
 * version's is refused with what to run instead of being read with the wrong columns.
 */
function openReadOnly(absolute: string, fail: (what: string, cause?: unknown) => TraceStoreError): OpenedDatabase {
  let sqlite: Database.Database;
  try {
    sqlite = new Database(absolute, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw fail(describeOpenFailure(e), e);
  }
  try {
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    refuseForeignDatabase(sqlite, fail);
    const latestShipped = Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
    const latestApplied = hasTable(sqlite, MIGRATIONS_TABLE) ? Number(sqlite.prepare(`SELECT MAX(created_at) FROM ${MIGRATIONS_TABLE}`).pluck().get()) : NaN;
    if (latestApplied > latestShipped) throw fail('was written by a newer version of tdo (its schema has migrations this version does not know)');
    if (!(latestApplied === latestShipped))
      throw fail('has an older schema than this tdo reads; any command that writes to it (e.g. `tdo traces list`) brings it up to date');
    return { path: absolute, sqlite, db: drizzle(sqlite, { schema }) };
  } catch (e) {
    sqlite.close();
    throw e instanceof TraceStoreError ? e : fail(describeOpenFailure(e), e);
  }
}

const OPEN_ATTEMPTS = 20;
const BUSY_RETRY_MS = 25;

function isBusy(error: unknown): boolean {
  const code = sqliteErrorCode(error) ?? sqliteErrorCode((error as { cause?: unknown })?.cause);
  return code?.startsWith('SQLITE_BUSY') === true || /database is locked/.test(String((error as Error)?.message));
}

/** Opening is synchronous (better-sqlite3), so the pause between attempts is too. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir loops forever where the kernel answers
 * ENOENT to every create (e.g. under /proc), and a wrong --db path must fail, not hang.
 */
function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (e) {
      // another process may have created it in the meantime
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

function configure(sqlite: Database.Database): void {
  const mode = sqlite.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') throw new Error(`cannot switch to WAL journal mode (got '${String(mode)}')`);
  // NORMAL in WAL mode: every commit survives a killed process; only power loss may drop the last ones.
  sqlite.pragma('synchronous = NORMAL');
}

/** A SQLite file that has tables but no migration history belongs to something else: do not add ours to it. */
function refuseForeignDatabase(sqlite: Database.Database, fail: (what: string) => TraceStoreError): void {
  const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  if (tables.length > 0 && !tables.includes(MIGRATIONS_TABLE)) {
    throw fail(`is a SQLite database but not a tdo trace store (it has tables: ${tables.slice(0, 5).join(', ')})`);
  }
}

function applyMigrations(db: TraceDb, sqlite: Database.Database, fail: (what: string) => TraceStoreError): void {
  const latestShipped = Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
  const latestApplied = () =>
    hasTable(sqlite, MIGRATIONS_TABLE)
      ? Number(sqlite.prepare(`SELECT MAX(created_at) FROM ${MIGRATIONS_TABLE}`).pluck().get() ?? Number.NEGATIVE_INFINITY)
      : Number.NEGATIVE_INFINITY;
  if (latestApplied() > latestShipped) {
    throw fail('was written by a newer version of tdo (its schema has migrations this version does not know)');
  }
  try {
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsTable: MIGRATIONS_TABLE });
  } catch (e) {
    // Two processes opening a fresh file at once both decide to migrate; the loser fails on
    // "table already exists" after the winner has committed the same migrations. That is success.
    if (latestApplied() < latestShipped) throw e;
  }
}

function hasTable(sqlite: Database.Database, name: string): boolean {
  return sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** What a user should hear, by SQLite result code; extended codes (e.g. SQLITE_READONLY_DIRECTORY) match by prefix. */
const OPEN_FAILURES: Array<[code: string, what: string]> = [
  ['SQLITE_NOTADB', 'is not a SQLite database (or its header is corrupt); the file was left untouched'],
  ['SQLITE_CORRUPT', 'is a corrupt SQLite database; the file was left untouched'],
  ['SQLITE_CANTOPEN', 'cannot be opened or created (does the location exist and is it writable?)'],
  ...WRITE_FAILURES,
];

/**
 * npm runs a dependency's install script, which builds better-sqlite3's native module, only where the installing
 * project (or a global install's command line) allows it; otherwise the first open fails with this message.
 */
const UNBUILT_ADDON = /^Could not locate the bindings file/;
const UNBUILT_ADDON_ADVICE =
  "cannot load SQLite: better-sqlite3's native module was never built (npm skipped its install script). In a project, " +
  'add "allowScripts": {"better-sqlite3": true} to package.json and run `npm rebuild better-sqlite3`; for a global ' +
  'install, reinstall with `npm i -g --allow-scripts=better-sqlite3,esbuild ...`';

function describeOpenFailure(error: unknown): string {
  const code = sqliteErrorCode(error);
  const known = code === undefined ? undefined : OPEN_FAILURES.find(([prefix]) => code.startsWith(prefix));
  const detail = error instanceof Error ? error.message : String(error);
  if (UNBUILT_ADDON.test(detail)) return UNBUILT_ADDON_ADVICE;
  return known ? `${known[1]} [${detail}]` : detail;
}
