import type { TraceStore } from '../types.ts';
import type { LangfuseSink } from './sink.ts';

/**
 * Queues every finished episode of a run, with its scores, as the live sink would have: the same
 * ids, so Langfuse updates what it already has instead of adding duplicates. Returns how many episodes.
 */
export function exportRun(store: Pick<TraceStore, 'path' | 'getRun' | 'listEpisodes'>, runId: string, sink: LangfuseSink): number {
  if (!store.getRun(runId)) throw new Error(`no run "${runId}" in the trace store`);
  let exported = 0;
  for (const summary of store.listEpisodes({ runId }).reverse()) {
    if (summary.status === 'running') continue; // unfinished (killed) attempts are not part of the run's record
    sink.exportEpisode(store.path, summary.id, { withScores: true });
    exported++;
  }
  return exported;
}
