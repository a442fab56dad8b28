// The Langfuse export worker (started by sink.ts): reads each finished episode from the trace store's
// SQLite file (WAL lets this second connection read while the run writes) and builds and sends its
// spans here, off the thread that runs the episodes.
import { parentPort, workerData } from 'node:worker_threads';
import type { RunRow, ScoreInput } from '../types.ts';
import type { LangfuseConfig } from './config.ts';
import { LangfuseExporter, type LangfuseDelivery, type LangfuseSinkOptions } from './exporter.ts';
import { openStoredEpisodes, type StoredEpisodes } from './stored-episodes.ts';

export interface ExportWorkerData {
  config: LangfuseConfig;
  options: LangfuseSinkOptions;
}

/** What the sink sends, in batches (an array per message), in the order it happened. */
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

function exportStored({ db, episodeId, withScores }: Extract<ExportRequest, { kind: 'episode' }>): void {
  try {
    const store = storeAt(db);
    const trajectory = store.getTrajectory(episodeId);
    const run = trajectory && runOf(db, store, trajectory.episode.runId);
    if (!trajectory || !run) return exporter.unreadable(episodeId, `it is not in ${db}`);
    exporter.exportEpisode(run, trajectory);
    if (withScores)
      for (const score of trajectory.scores)
        exporter.sendScore(episodeId, { name: score.name, value: score.value, ...(score.comment === null ? {} : { comment: score.comment }) });
  } catch (err) {
    exporter.unreadable(episodeId, `${db}: ${(err as Error).message}`);
  }
}

async function close(timeoutMs: number): Promise<void> {
  const delivery = await exporter.close(timeoutMs);
  for (const store of stores.values()) store.close();
  port.postMessage({ kind: 'closed', delivery } satisfies ExportReply);
}

port.on('message', (batch: ExportRequest[]) => {
  for (const request of batch) {
    if (request.kind === 'episode') exportStored(request);
    else if (request.kind === 'score') exporter.sendScore(request.episodeId, request.score);
    else void close(request.timeoutMs);
  }
});
port.postMessage({ kind: 'ready' } satisfies ExportReply);
