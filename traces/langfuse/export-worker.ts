// The Langfuse export worker (started by sink.ts): reads each finished episode from the trace store's
// SQLite file (WAL lets this second connection read while the run writes) and builds and sends its
// spans here, off the thread that runs the episodes.
import { parentPort, workerData } from 'node:worker_threads';
import type { RunRow, ScoreInput } from '../types.ts';
import type { LangfuseConfig } from './config.ts';
import { LangfuseExporter, type LangfuseDelivery, type LangfuseSinkOptions } from './exporter.ts';
import { openStoredEpisodes, type StoredEpisode, type StoredEpisodes } from './stored-episodes.ts';

export interface ExportWorkerData {
  config: LangfuseConfig;
  options: LangfuseSinkOptions;
}

/** What the sink sends, many to a message (an array), in the order it happened. */
export type ExportRequest =
  /** A finished episode, committed in the store at `db`; its scores too when `withScores` (a re-export). */
  | { kind: 'episode'; db: string; episodeId: string; withScores: boolean }
  | { kind: 'score'; episodeId: string; score: ScoreInput }
  /** Send what is left within `timeoutMs`, answer with the delivery, and stop. */
  | { kind: 'close'; timeoutMs: number };

export type ExportReply = { kind: 'ready' } | { kind: 'closed'; delivery: LangfuseDelivery };

const port = parentPort!;
const { config, options } = workerData as ExportWorkerData;
const exporter = new LangfuseExporter(config, options);
const stores = new Map<string, StoredEpisodes>();
const runs = new Map<string, RunRow>();

function storeAt(db: string): StoredEpisodes {
  let store = stores.get(db);
  if (!store) {
    store = openStoredEpisodes(db);
    stores.set(db, store);
  }
  return store;
}

function runOf(db: string, store: StoredEpisodes, runId: string): RunRow | undefined {
  const key = `${db}\n${runId}`;
  let run = runs.get(key);
  if (!run) {
    run = store.getRun(runId);
    if (run) runs.set(key, run);
  }
  return run;
}

type EpisodeRequest = Extract<ExportRequest, { kind: 'episode' }>;
/** What reading a requested episode gave. */
type Read = { run: RunRow; stored: StoredEpisode } | { missing: string };

/** Reads the requested episodes, each store's in one read transaction; what cannot be read says why. */
function readAll(requests: readonly EpisodeRequest[]): Map<EpisodeRequest, Read> {
  const read = new Map<EpisodeRequest, Read>();
  const byDb = new Map<string, EpisodeRequest[]>();
  for (const r of requests) {
    const group = byDb.get(r.db);
    if (group) group.push(r);
    else byDb.set(r.db, [r]);
  }
  for (const [db, wanted] of byDb) {
    try {
      const store = storeAt(db);
      store.reading(() => {
        for (const r of wanted) {
          try {
            const stored = store.getEpisode(r.episodeId, r.withScores);
            const run = stored && runOf(db, store, stored.episode.runId);
            read.set(r, stored && run ? { run, stored } : { missing: `it is not in ${db}` });
          } catch (err) {
            read.set(r, { missing: `${db}: ${(err as Error).message}` });
          }
        }
      });
    } catch (err) {
      for (const r of wanted) if (!read.has(r)) read.set(r, { missing: `${db}: ${(err as Error).message}` });
    }
  }
  return read;
}

function exportRead({ episodeId, withScores }: EpisodeRequest, read: Read): void {
  if ('missing' in read) return exporter.unreadable(episodeId, read.missing);
  exporter.exportEpisode(read.run, read.stored);
  if (withScores)
    for (const score of read.stored.scores)
      exporter.sendScore(episodeId, { name: score.name, value: score.value, ...(score.comment === null ? {} : { comment: score.comment }) });
}

async function close(timeoutMs: number): Promise<void> {
  const delivery = await exporter.close(timeoutMs);
  for (const store of stores.values()) store.close();
  port.postMessage({ kind: 'closed', delivery } satisfies ExportReply);
}

/** A message's requests, in order; its episodes are read first, together. */
port.on('message', (batch: ExportRequest[]) => {
  const episodes = batch.filter((r): r is EpisodeRequest => r.kind === 'episode');
  const read = readAll(episodes);
  for (const request of batch) {
    if (request.kind === 'episode') exportRead(request, read.get(request)!);
    else if (request.kind === 'score') exporter.sendScore(request.episodeId, request.score);
    else void close(request.timeoutMs);
  }
});
port.postMessage({ kind: 'ready' } satisfies ExportReply);
