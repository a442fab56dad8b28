// The export worker's read-only view of a trace store: what it needs to rebuild an episode's trace,
// without opening the store for writing (migrations, the tokenizer behind versions) in every worker.
// Episodes are read with statements prepared once, JSON columns kept as the text SQLite holds: the
// trace sends that text as is, so parsing it into objects only to serialize them again is skipped.
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { runStore } from '../runs.ts';
import * as schema from '../schema.ts';
import type { EpisodeRow, RunRow } from '../types.ts';

/** The episode columns a trace carries. */
export type StoredEpisodeRow = Pick<
  EpisodeRow,
  'id' | 'runId' | 'taskId' | 'split' | 'repeatIndex' | 'seed' | 'status' | 'startedAt' | 'finishedAt' | 'answer' | 'feedback' | 'stopReason' | 'note'
> & { success: boolean | null };

/** A step row as stored: `arguments`, `input` and `output` are JSON text (or null), booleans 0 or 1. */
export interface StoredStep {
  seq: number;
  kind: 'tool' | 'model';
  startedAt: string;
  latencyMs: number;
  server: string | null;
  tool: string | null;
  catalogueName: string | null;
  arguments: string | null;
  resultText: string | null;
  isError: number | null;
  model: string | null;
  input: string | null;
  output: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  cached: number | null;
  cost: number | null;
}

export interface StoredScore {
  name: string;
  value: number;
  comment: string | null;
}

export interface StoredEpisode {
  episode: StoredEpisodeRow;
  steps: StoredStep[];
  scores: StoredScore[];
}

export interface StoredEpisodes {
  getRun(id: string): RunRow | undefined;
  /** The episode with its steps (by seq) and, when `withScores`, its scores (as stored, in order); without, `scores` is empty. */
  getEpisode(episodeId: string, withScores: boolean): StoredEpisode | undefined;
  /** Runs `reads` in one read transaction: one snapshot and one lock for a batch of episodes. */
  reading<T>(reads: () => T): T;
  close(): void;
}

/** How long a read waits on a writer's checkpoint before failing (WAL readers rarely wait at all). */
const BUSY_TIMEOUT_MS = 10_000;

const EPISODE_SQL = `SELECT id, run_id AS runId, task_id AS taskId, split, repeat_index AS repeatIndex, seed, status,
  started_at AS startedAt, finished_at AS finishedAt, answer, success, feedback, stop_reason AS stopReason, note
  FROM episodes WHERE id = ?`;
const STEPS_SQL = `SELECT seq, kind, started_at AS startedAt, latency_ms AS latencyMs, server, tool, catalogue_name AS catalogueName,
  arguments, result_text AS resultText, is_error AS isError, model, input, output, tokens_in AS tokensIn, tokens_out AS tokensOut, cached, cost
  FROM steps WHERE episode_id = ? ORDER BY seq`;
const SCORES_SQL = 'SELECT name, value, comment FROM scores WHERE episode_id = ? ORDER BY id';

/** Opens the store at `path` read-only: a missing file is an error, never a new empty store. */
export function openStoredEpisodes(path: string): StoredEpisodes {
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const { getRun } = runStore(drizzle(sqlite, { schema }), path);
  const episodeQuery = sqlite.prepare<[string], Omit<StoredEpisodeRow, 'success'> & { success: number | null }>(EPISODE_SQL);
  const stepsQuery = sqlite.prepare<[string], StoredStep>(STEPS_SQL);
  const scoresQuery = sqlite.prepare<[string], StoredScore>(SCORES_SQL);
  return {
    getRun,
    getEpisode(episodeId, withScores) {
      const row = episodeQuery.get(episodeId);
      if (!row) return undefined;
      const episode = { ...row, success: row.success === null ? null : row.success === 1 };
      return { episode, steps: stepsQuery.all(episodeId), scores: withScores ? scoresQuery.all(episodeId) : [] };
    },
    reading(reads) {
      return sqlite.transaction(reads)();
    },
    close: () => sqlite.close(),
  };
}
