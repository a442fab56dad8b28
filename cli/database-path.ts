import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { inputError } from '../src/index.ts';
import type { StoreFlags } from './options.ts';

// In the working directory, where a user looks for what a command wrote, never inside the package's source tree.
const DEFAULT_DB = 'tdo.db';

/**
 * --db wins over TDO_DB, which wins over the config's `db` (loadCliConfig fills TDO_DB from it when unset),
 * which wins over tdo.db in the working directory.
 */
export function databasePath(flags: Pick<StoreFlags, 'db'>): string {
  return resolve(flags.db ?? (process.env.TDO_DB || DEFAULT_DB));
}

/** The ` --db PATH` a printed command needs: none when, run from here, it would open this database anyway. */
export function dbFlag(dbPath: string): string {
  return resolve(dbPath) === databasePath({}) ? '' : ` --db ${dbPath}`;
}

/** A run to resume is read from a database that exists: a missing one is refused before opening would create it empty. */
export function refuseResumeWithoutDatabase(flags: Pick<StoreFlags, 'db'>, runId: string): void {
  const path = databasePath(flags);
  if (!existsSync(path))
    throw inputError(
      `no trace database at ${path}, so no run "${runId}" to resume: point --db, TDO_DB or \`db\` in tdo.config.json at the one that records it`,
    );
}
