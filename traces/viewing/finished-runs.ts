// Sums over a whole run (its outcomes, its confusion matrix) cost a read of every episode: 50 ms and more at 100,000
// episodes (bench/view.ts). A finished run no longer changes, so each sum of it is made once per open store and kept;
// a running run's is made afresh on each call. A resume sets the run running again and, when it ends, a new
// finished_at, which is part of the key.
import type Database from 'better-sqlite3';

export type RunSums = <T>(runId: string, sum: string, compute: () => T) => T;

export function finishedRunSums(sqlite: Database.Database): RunSums {
  const state = sqlite.prepare<[string], { status: string; finishedAt: string | null }>('SELECT status, finished_at AS finishedAt FROM runs WHERE id = ?');
  const kept = new Map<string, unknown>();
  return <T>(runId: string, sum: string, compute: () => T): T => {
    const run = state.get(runId);
    if (run === undefined || run.status === 'running') return compute();
    const key = JSON.stringify([runId, sum, run.status, run.finishedAt]);
    if (!kept.has(key)) kept.set(key, compute());
    return kept.get(key) as T;
  };
}
