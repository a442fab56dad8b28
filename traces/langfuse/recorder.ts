// The trace store with Langfuse as a side channel: SQLite is written first and stays the source of
// truth; once an episode's result (or a score) is committed, its id goes to the sink, whose worker
// reads it back from SQLite, so the live trace is exactly what a re-export would send and a failure
// there can never fail a write.
import type { TraceStore } from '../types.ts';
import type { LangfuseSink } from './sink.ts';

export function withLangfuse(store: TraceStore, sink: LangfuseSink): TraceStore {
  /** Sends held back until the transaction they were made in commits (the worker reads committed rows only). */
  let held: Array<() => void> = [];
  let depth = 0;
  const afterCommit = (send: () => void) => (depth === 0 ? send() : held.push(send));
  return {
    ...store,
    atomically(writes) {
      const mark = held.length;
      depth++;
      let result;
      try {
        result = store.atomically(writes);
      } catch (err) {
        held.length = mark; // rolled back: nothing of it reached SQLite
        throw err;
      } finally {
        depth--;
      }
      if (depth === 0) {
        const sends = held;
        held = [];
        for (const send of sends) send();
      }
      return result;
    },
    finishEpisode(id, result) {
      store.finishEpisode(id, result);
      afterCommit(() => sink.exportEpisode(store.path, id));
    },
    addScore(episodeId, score) {
      store.addScore(episodeId, score);
      afterCommit(() => sink.sendScore(episodeId, score));
    },
  };
}
