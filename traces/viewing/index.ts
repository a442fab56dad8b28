// The queries of `tdo view` (traces/viewing/types.ts), on the store's own connection.
import type Database from 'better-sqlite3';
import { episodePageReader } from './episode-page.ts';
import { runPageReader } from './run-page.ts';
import type { ViewReader } from './types.ts';

export function viewReader(sqlite: Database.Database): ViewReader {
  const dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  return { ...runPageReader(sqlite), ...episodePageReader(sqlite), dataVersion: () => dataVersion.get()! };
}
