// Every write of traces/recording.ts runs once per step or per episode (a million steps per store is expected), so
// the statements are plain SQL prepared once on the connection and bound by position: a drizzle query, even a
// prepared one, maps every parameter and every returned column through its column objects, which cost more
// than SQLite's own insert, and a step insert reads back only what SQLite computed (id and seq).
import type Database from 'better-sqlite3';
import { sqliteErrorCode, TraceStoreError } from './errors.ts';

/**
 * The next seq is computed inside the insert statement itself, so steps of episodes written concurrently
 * (same connection or another process) can never share a number. Parameters: episode id (twice), then the
 * columns in order.
 */
const INSERT_STEP = `INSERT INTO steps (episode_id, seq, kind, started_at, latency_ms, server, tool, catalogue_name, arguments, result_text,
  is_error, model, input, output, tokens_in, tokens_out, cached, cost, tokens_estimated)
  VALUES (?, (SELECT COALESCE(MAX(s.seq) + 1, 0) FROM steps AS s WHERE s.episode_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  RETURNING id, seq`;

/** The statements every episode runs, prepared once per store. */
function prepareWrites(sqlite: Database.Database) {
  return {
    step: sqlite.prepare<unknown[], { id: number; seq: number }>(INSERT_STEP),
    findAttempt: sqlite.prepare<[string, string, number], { id: string; status: string }>(
      'SELECT id, status FROM episodes WHERE run_id = ? AND task_id = ? AND repeat_index = ?',
    ),
    completedKeys: sqlite.prepare<[string], string>("SELECT task_id || '#' || repeat_index FROM episodes WHERE run_id = ? AND status = 'completed'").pluck(),
    removeAttempt: sqlite.prepare<[string]>('DELETE FROM episodes WHERE id = ?'),
    // An optimize run's episodes are its evaluations, keyed by the evaluation's ordinal (the repeat given).
    insertAttempt: sqlite.prepare<[string, string, string, string, number, string, number, number, string], { evaluation: number | null }>(
      `INSERT INTO episodes (id, run_id, task_id, split, repeat_index, evaluation, seed, status, started_at)
        VALUES (?, ?, ?, ?, ?, CASE WHEN (SELECT kind FROM runs WHERE id = ?) = 'optimize' THEN ? END, ?, 'running', ?) RETURNING evaluation`,
    ),
    finishAttempt: sqlite.prepare<[string, string, string | null, number | null, string, string, string | null, string]>(
      "UPDATE episodes SET status = ?, finished_at = ?, answer = ?, success = ?, feedback = ?, stop_reason = ?, note = ? WHERE id = ? AND status = 'running'",
    ),
    score: sqlite.prepare<[string, string, number, string | null]>('INSERT INTO scores (episode_id, name, value, comment) VALUES (?, ?, ?, ?)'),
    /**
     * Runs a function as one IMMEDIATE transaction (a savepoint when nested), made once rather than per call;
     * better-sqlite3's typings lose the function's own generic, hence the cast.
     */
    immediately: sqlite.transaction((writes: () => unknown) => writes()).immediate as <T>(writes: () => T) => T,
  };
}

/** A store's prepared episode writes, and the error naming its file. */
export interface EpisodeWrites {
  readonly statements: ReturnType<typeof prepareWrites>;
  fail(what: string): TraceStoreError;
}

export function episodeWrites(sqlite: Database.Database, path: string): EpisodeWrites {
  return { statements: prepareWrites(sqlite), fail: (what) => new TraceStoreError(`trace store ${path}: ${what}`) };
}

/** Runs an insert that references an episode, turning a foreign-key failure into a clear error. */
export function forEpisode<T>(writes: EpisodeWrites, episodeId: string, insert: () => T): T {
  try {
    return insert();
  } catch (e) {
    if (sqliteErrorCode(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw writes.fail(`no episode with id '${episodeId}'`);
    throw e;
  }
}
