import { responseCacheStore } from './cache.ts';
import { reportingStoreFailures } from './errors.ts';
import { experimentStore } from './experiment-store.ts';
import { openDatabase } from './open.ts';
import { optimizerRecords } from './optimizer-records.ts';
import { episodeRecorder } from './recording.ts';
import { traceReader } from './reading.ts';
import { runStore } from './runs.ts';
import { spendReader } from './spend.ts';
import type { TraceStore } from './types.ts';
import { versionStore } from './version-store.ts';
import { viewReader } from './viewing/index.ts';

/**
 * Opens the trace store at `path` (creating the file and its directory if needed) in WAL mode
 * with foreign keys on, and applies any pending migrations. Throws TraceStoreError for a path
 * that is a directory, unwritable, not a SQLite database, or another program's database; such
 * files are never modified. `readOnly` opens an existing, current store on a connection that cannot write
 * (traces/open.ts): every write then fails.
 */
export function openTraceStore(path: string, options: { readOnly?: boolean } = {}): TraceStore {
  const { path: absolute, sqlite, db } = openDatabase(path, options);
  return reportingStoreFailures(
    {
      path: absolute,
      close: () => sqlite.close(),
      ...runStore(db, absolute),
      ...episodeRecorder(sqlite, absolute),
      ...traceReader(db),
      ...spendReader(sqlite),
      ...versionStore(db, absolute),
      ...responseCacheStore(db),
      ...optimizerRecords(db, absolute),
      ...experimentStore(db),
      ...viewReader(sqlite, db),
    },
    absolute,
  );
}
