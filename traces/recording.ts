// Writing episodes as they happen: one autocommitted insert per step, so nothing finished is lost.
//
// Every write here runs once per step or per episode (a million steps per store is expected), so the
// statements are plain SQL prepared once on the connection and bound by position: a drizzle query, even a
// prepared one, maps every parameter and every returned column through its column objects, which cost more
// than SQLite's own insert, and a step insert reads back only what SQLite computed (id and seq).
import type Database from 'better-sqlite3';
import { sqliteErrorCode, TraceStoreError } from './errors.ts';
import { newEpisodeId } from './ids.ts';
import type { EpisodeRecorder, EpisodeResult, EpisodeRow, ModelStep, ModelStepInput, ScoreInput, StartEpisodeInput, ToolCall, ToolStep } from './types.ts';

/**
 * The next seq is computed inside the insert statement itself, so steps of episodes written concurrently
 * (same connection or another process) can never share a number. Parameters: episode id (twice), then the
 * columns in order.
 */
export const INSERT_STEP = `INSERT INTO steps (episode_id, seq, kind, started_at, latency_ms, server, tool, catalogue_name, arguments, result_text,
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

/** A step is recorded when it completes, so it started latencyMs ago. */
function startedAt(latencyMs: number): string {
  return new Date(Date.now() - latencyMs).toISOString();
}

/** JSON columns hold JSON text; an absent value is stored as JSON null, as the schema's json mode writes it. */
function json(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** Just the fields of a tool call that are recorded: the host's live call carries more (structured content). */
export function storedToolCall(c: ToolCall): ToolCall {
  return { server: c.server, name: c.name, tool: c.tool, args: c.args, output: c.output, isError: c.isError, latencyMs: c.latencyMs };
}

/** Boolean columns hold 0 or 1. */
function bit(value: boolean | null): number | null {
  return value === null ? null : value ? 1 : 0;
}

export function episodeRecorder(sqlite: Database.Database, path: string): EpisodeRecorder {
  const fail = (what: string) => new TraceStoreError(`trace store ${path}: ${what}`);
  const writes = prepareWrites(sqlite);

  /** Runs an insert that references an episode, turning a foreign-key failure into a clear error. */
  function forEpisode<T>(episodeId: string, insert: () => T): T {
    try {
      return insert();
    } catch (e) {
      if (sqliteErrorCode(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw fail(`no episode with id '${episodeId}'`);
      throw e;
    }
  }

  /**
   * Inserts the attempt as running. A 'running' leftover of its key is a killed attempt and an 'error' one
   * an outage, neither a result: it is deleted (the cascade takes its partial steps and scores). Returns
   * undefined, writing nothing, when the key already has a finished episode.
   */
  function insertAttempt(input: StartEpisodeInput, id: string, startedAtIso: string): EpisodeRow | undefined {
    const existing = writes.findAttempt.get(input.runId, input.taskId, input.repeat);
    if (existing?.status === 'completed') return undefined;
    if (existing) writes.removeAttempt.run(existing.id);
    let evaluation: number | null;
    try {
      ({ evaluation } = writes.insertAttempt.get(
        id,
        input.runId,
        input.taskId,
        input.split,
        input.repeat,
        input.runId,
        input.repeat,
        input.seed,
        startedAtIso,
      )!);
    } catch (e) {
      if (sqliteErrorCode(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw fail(`no run with id '${input.runId}'`);
      throw e;
    }
    return {
      id,
      runId: input.runId,
      taskId: input.taskId,
      split: input.split,
      repeatIndex: input.repeat,
      evaluation,
      seed: input.seed,
      status: 'running',
      startedAt: startedAtIso,
      finishedAt: null,
      answer: null,
      success: null,
      feedback: null,
      stopReason: null,
      note: null,
    };
  }

  function finishAttempt(id: string, result: EpisodeResult, finishedAt: string) {
    const success = result.success === null ? null : result.success ? 1 : 0;
    const { changes } = writes.finishAttempt.run(result.status, finishedAt, result.answer, success, result.feedback, result.stop, result.note ?? null, id);
    if (changes === 0) throw fail(`no running episode with id '${id}' (unknown or already finished)`);
  }

  type ModelColumns = Pick<ModelStep, 'model' | 'input' | 'output' | 'tokensIn' | 'tokensOut' | 'cached' | 'cost' | 'tokensEstimated'>;

  /**
   * Inserts one step row: a tool step's columns or a model step's, the other kind's left NULL. Returns what SQLite computed.
   * all(), not get(): get() stops at the RETURNING row, so the commit happens in the reset and SQLite never runs its
   * WAL hook, which is what checkpoints every 1000 pages; a stretch of steps then grew the WAL without bound (250 MB
   * after 20,000 steps) and the next other statement paid the whole checkpoint (about 0.3 s).
   */
  function insertStep(episodeId: string, at: string, latencyMs: number, step: { kind: 'tool'; call: ToolCall } | { kind: 'model'; model: ModelColumns }) {
    const c = step.kind === 'tool' ? step.call : undefined;
    const m = step.kind === 'model' ? step.model : undefined;
    const [computed] = forEpisode(episodeId, () =>
      writes.step.all(
        episodeId,
        episodeId,
        step.kind,
        at,
        latencyMs,
        c?.server ?? null,
        c?.tool ?? null,
        c?.name ?? null,
        c ? json(c.args) : null,
        c?.output ?? null,
        c ? bit(c.isError) : null,
        m?.model ?? null,
        m ? json(m.input) : null,
        m ? json(m.output) : null,
        m?.tokensIn ?? null,
        m?.tokensOut ?? null,
        m ? bit(m.cached) : null,
        m?.cost ?? null,
        m?.tokensEstimated ?? null,
      ),
    );
    return computed!;
  }

  /**
   * Inserts a step and returns it as stored, built from what was written: nothing already in hand is read
   * back out of the database, and JSON columns hold the values given (their stored text reads back equal,
   * an absent value as JSON null).
   */
  function insertToolStep(episodeId: string, c: ToolCall, at: string): ToolStep {
    const { id, seq } = insertStep(episodeId, at, c.latencyMs, { kind: 'tool', call: c });
    return { id, seq, episodeId, kind: 'tool', startedAt: at, ...storedToolCall(c), args: c.args ?? null };
  }

  function insertModelStep(episodeId: string, s: ModelStepInput, at: string): ModelStep {
    const model = {
      model: s.model,
      input: s.input ?? null,
      output: s.output ?? null,
      tokensIn: s.tokensIn ?? null,
      tokensOut: s.tokensOut ?? null,
      cached: s.cached ?? false,
      cost: s.cost ?? null,
      tokensEstimated: s.tokensEstimated ?? null,
    };
    const { id, seq } = insertStep(episodeId, at, s.latencyMs, { kind: 'model', model });
    return { id, seq, episodeId, kind: 'model', startedAt: at, latencyMs: s.latencyMs, ...model };
  }

  function insertScoreRow(episodeId: string, s: ScoreInput) {
    forEpisode(episodeId, () => writes.score.run(episodeId, s.name, s.value, s.comment ?? null));
  }

  return {
    startEpisode(input) {
      return writes.immediately(() => {
        const row = insertAttempt(input, newEpisodeId(), new Date().toISOString());
        if (row === undefined) {
          throw fail(`task '${input.taskId}' repeat ${input.repeat} of run ${input.runId} already finished; finished episodes are never replaced`);
        }
        return row;
      });
    },

    finishEpisode(id, result) {
      finishAttempt(id, result, new Date().toISOString());
    },

    commitEpisode(record) {
      return writes.immediately(() => {
        const { id, startedAt: started, finishedAt } = record.episode;
        if (insertAttempt(record.episode, id, started) === undefined) return false;
        for (const s of record.steps) {
          if (s.kind === 'tool') insertToolStep(id, s.step, s.startedAt);
          else insertModelStep(id, s.step, s.startedAt);
        }
        finishAttempt(id, record.result, finishedAt);
        for (const score of record.scores) insertScoreRow(id, score);
        return true;
      });
    },

    completedEpisodeKeys: (runId) => new Set(writes.completedKeys.all(runId)),

    addToolStep: (episodeId, s) => insertToolStep(episodeId, s, startedAt(s.latencyMs)),
    addModelStep: (episodeId, s) => insertModelStep(episodeId, s, startedAt(s.latencyMs)),
    addScore: insertScoreRow,

    // better-sqlite3 turns a nested call into a savepoint and refuses a function that returns a promise.
    atomically: (group) => writes.immediately(group),
  };
}
