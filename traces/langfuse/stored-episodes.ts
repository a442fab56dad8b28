// The export worker's read-only view of a trace store: what it needs to rebuild an episode's trace,
// without opening the store for writing (migrations, the tokenizer behind versions) in every worker.
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { traceReader } from '../reading.ts';
import { runStore } from '../runs.ts';
import * as schema from '../schema.ts';
import type { RunRow, Trajectory } from '../types.ts';

export interface StoredEpisodes {
  getRun(id: string): RunRow | undefined;
  getTrajectory(episodeId: string): Trajectory | undefined;
  close(): void;
}

/** How long a read waits on a writer's checkpoint before failing (WAL readers rarely wait at all). */
const BUSY_TIMEOUT_MS = 10_000;

/** Opens the store at `path` read-only: a missing file is an error, never a new empty store. */
export function openStoredEpisodes(path: string): StoredEpisodes {
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const db = drizzle(sqlite, { schema });
  const { getTrajectory } = traceReader(db);
  const { getRun } = runStore(db, path);
  return { getRun, getTrajectory, close: () => sqlite.close() };
}
