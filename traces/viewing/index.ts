// The queries of `tdo view` (traces/viewing/types.ts), on the store's own connection.
import type Database from 'better-sqlite3';
import type { TraceDb } from '../open.ts';
import { toolSelectionCounts } from '../run-aggregates.ts';
import { episodePageReader } from './episode-page.ts';
import { evaluationCatalogueReader } from './evaluation-catalogue.ts';
import { finishedRunSums } from './finished-runs.ts';
import { runPageReader } from './run-page.ts';
import { toolCallsReader } from './tool-calls.ts';
import { toolConfusionReader } from './tool-confusion.ts';
import type { StoreViewReader } from '../types.ts';

export function viewReader(sqlite: Database.Database, db: TraceDb): StoreViewReader {
  const dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  const sums = finishedRunSums(sqlite);
  const episodes = episodePageReader(sqlite, sums);
  return {
    ...runPageReader(sqlite, episodes.runOutcomes),
    ...episodes,
    ...evaluationCatalogueReader(sqlite),
    ...toolCallsReader(sqlite, sums),
    ...toolConfusionReader(sqlite, sums),
    runToolCounts: (runId) => sums(runId, 'tools', () => toolSelectionCounts(db, runId)),
    dataVersion: () => dataVersion.get()!,
  };
}
