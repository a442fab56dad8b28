import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openTraceStore, TraceStoreError, type TraceStore } from '../../traces/index.ts';
import { loadCliConfig } from './config.ts';
import { UsageError } from './errors.ts';

export const DEFAULT_DB = 'traces/tdo.db';

/**
 * --db wins over TDO_DB, which wins over tdo.config.json's `db`, which wins over traces/tdo.db under the working
 * directory. The config is read here so that every command that opens the store uses the same database.
 */
export function dbPath(flag: string | undefined): string {
  if (flag === undefined) loadCliConfig();
  return resolve(flag ?? (process.env.TDO_DB || DEFAULT_DB));
}

/** Opens (creating if needed) the store a run writes to. */
export function openStoreForWriting(flag: string | undefined): TraceStore {
  return open(dbPath(flag));
}

/** Opens an existing store; a missing file is an error rather than a new empty database. */
export function openStoreForReading(flag: string | undefined): TraceStore {
  const path = dbPath(flag);
  if (!existsSync(path)) throw new UsageError(`no trace database at ${path}: run \`tdo run --suite lab\` first, or point --db / TDO_DB at an existing one`);
  return open(path);
}

function open(path: string): TraceStore {
  try {
    return openTraceStore(path);
  } catch (err) {
    if (err instanceof TraceStoreError) throw new UsageError(err.message);
    throw err;
  }
}
