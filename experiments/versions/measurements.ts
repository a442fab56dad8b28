// The latest measured rates of each version: from the newest finished run that used it (optimizer runs,
// which evaluate many candidates under one run id, are left out).
import type { TraceStore } from '../../traces/index.ts';
import { episodeFacts, judged, selectionRate, successRate } from '../measure/episode-facts.ts';

export interface VersionMeasurement {
  runId: string;
  suite: string;
  split: string;
  agent: string;
  measuredAt: string;
  /** judged episodes (errored ones, outages, are left out of the rates) */
  episodes: number;
  successRate: number;
  /** Share of judged episodes that called the version's server at least once. */
  selectionRate: number;
}

export type MeasurementStore = Pick<TraceStore, 'listRuns' | 'getOptimizerRun' | 'getVersion' | 'listEpisodes' | 'getTrajectory'>;

/** version id -> its latest measurement, for the versions asked about (all versions of each run otherwise unread). */
export function latestMeasurements(store: MeasurementStore, versionIds: readonly string[]): Map<string, VersionMeasurement> {
  const wanted = new Set(versionIds);
  const found = new Map<string, VersionMeasurement>();
  for (const run of store.listRuns(Number.MAX_SAFE_INTEGER)) {
    if (found.size === wanted.size) break;
    if (run.status === 'running' || run.status === 'failed' || store.getOptimizerRun(run.id) !== undefined) continue;
    const fresh = Object.entries(run.versionIds).filter(([, id]) => wanted.has(id) && !found.has(id));
    if (fresh.length === 0) continue;
    const facts = judged(episodeFacts(store, run.id));
    if (facts.length === 0) continue;
    for (const [server, id] of fresh) {
      found.set(id, {
        runId: run.id,
        suite: run.suiteName,
        split: run.split,
        agent: run.agentId,
        measuredAt: run.finishedAt ?? run.createdAt,
        episodes: facts.length,
        successRate: successRate(facts),
        selectionRate: selectionRate(facts, server),
      });
    }
  }
  return found;
}
