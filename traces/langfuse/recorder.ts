// The trace store with Langfuse as a side channel: SQLite is written first and stays the source of
// truth; each finished episode and each score is then queued for Langfuse, which can never fail a write.
import type { RunRow, TraceStore } from '../types.ts';
import type { LangfuseSink } from './sink.ts';

export function withLangfuse(store: TraceStore, sink: LangfuseSink): TraceStore {
  const runs = new Map<string, RunRow>();
  const runOf = (id: string) => {
    let run = runs.get(id);
    if (!run) {
      run = store.getRun(id);
      if (run) runs.set(id, run);
    }
    return run;
  };
  return {
    ...store,
    finishEpisode(id, result) {
      store.finishEpisode(id, result);
      // Read back what SQLite now holds, so the live trace is exactly what a re-export would send.
      const trajectory = store.getTrajectory(id);
      const run = trajectory && runOf(trajectory.episode.runId);
      if (trajectory && run) sink.exportEpisode(run, trajectory);
    },
    addScore(episodeId, score) {
      store.addScore(episodeId, score);
      sink.sendScore(episodeId, score);
    },
  };
}
