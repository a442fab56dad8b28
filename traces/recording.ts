// Writing episodes as they happen: one autocommitted insert per step, so nothing finished is lost.
import { and, eq, sql } from 'drizzle-orm';
import { sqliteErrorCode, TraceStoreError } from './errors.ts';
import { newEpisodeId } from './ids.ts';
import type { TraceDb } from './open.ts';
import { episodes, scores, steps } from './schema.ts';
import type { EpisodeRecorder, EpisodeResult, ModelStepInput, ScoreInput, StartEpisodeInput, ToolStepInput } from './types.ts';

const p = sql.placeholder;

/**
 * Step inserts, prepared once per store: building a drizzle query costs several times more than
 * running it, and steps are the hot path (a million per store is expected).
 */
function prepareStepInserts(db: TraceDb) {
  const common = {
    episodeId: p('episodeId'),
    // The next seq is computed inside the insert statement itself, so steps of episodes
    // written concurrently (same connection or another process) can never share a number.
    seq: sql`(SELECT COALESCE(MAX(s.seq) + 1, 0) FROM steps AS s WHERE s.episode_id = ${p('episodeId')})`,
    startedAt: p('startedAt'),
    latencyMs: p('latencyMs'),
  };
  const tool = { server: p('server'), tool: p('tool'), catalogueName: p('catalogueName') };
  const toolResult = { arguments: p('arguments'), resultText: p('resultText'), isError: p('isError') };
  const model = { model: p('model'), input: p('input'), output: p('output'), cached: p('cached') };
  const tokens = { tokensIn: p('tokensIn'), tokensOut: p('tokensOut') };
  return {
    tool: db
      .insert(steps)
      .values({ ...common, kind: 'tool', ...tool, ...toolResult })
      .returning()
      .prepare(),
    model: db
      .insert(steps)
      .values({ ...common, kind: 'model', ...model, ...tokens })
      .returning()
      .prepare(),
  };
}

/** The other writes every episode makes, prepared once for the same reason. */
function prepareEpisodeWrites(db: TraceDb) {
  return {
    find: db
      .select({ id: episodes.id, status: episodes.status })
      .from(episodes)
      .where(and(eq(episodes.runId, p('runId')), eq(episodes.taskId, p('taskId')), eq(episodes.repeatIndex, p('repeat'))))
      .prepare(),
    remove: db
      .delete(episodes)
      .where(eq(episodes.id, p('id')))
      .prepare(),
    insert: db
      .insert(episodes)
      .values({
        id: p('id'),
        runId: p('runId'),
        taskId: p('taskId'),
        split: p('split'),
        repeatIndex: p('repeat'),
        seed: p('seed'),
        status: 'running',
        startedAt: p('startedAt'),
      })
      .returning()
      .prepare(),
    finish: db
      .update(episodes)
      // drizzle's update typings take no bare placeholders; wrapped in sql they bind as given (success as 0/1)
      .set({
        status: sql`${p('status')}`,
        finishedAt: sql`${p('finishedAt')}`,
        answer: sql`${p('answer')}`,
        success: sql`${p('success')}`,
        feedback: sql`${p('feedback')}`,
        stopReason: sql`${p('stop')}`,
        note: sql`${p('note')}`,
      })
      .where(and(eq(episodes.id, p('id')), eq(episodes.status, 'running')))
      .prepare(),
  };
}

/** A step is recorded when it completes, so it started latencyMs ago. */
function startedAt(latencyMs: number): string {
  return new Date(Date.now() - latencyMs).toISOString();
}

export function episodeRecorder(db: TraceDb, path: string): EpisodeRecorder {
  const fail = (what: string) => new TraceStoreError(`trace store ${path}: ${what}`);
  const insertStep = prepareStepInserts(db);
  const episodeWrites = prepareEpisodeWrites(db);
  const insertScore = db
    .insert(scores)
    .values({ episodeId: p('episodeId'), name: p('name'), value: p('value'), comment: p('comment') })
    .prepare();

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
  function insertAttempt(input: StartEpisodeInput, id: string, startedAtIso: string) {
    const key = { runId: input.runId, taskId: input.taskId, repeat: input.repeat };
    const existing = episodeWrites.find.get(key);
    if (existing?.status === 'completed') return undefined;
    if (existing) episodeWrites.remove.run({ id: existing.id });
    try {
      return episodeWrites.insert.get({ ...key, id, split: input.split, seed: input.seed, startedAt: startedAtIso })!;
    } catch (e) {
      if (sqliteErrorCode(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw fail(`no run with id '${input.runId}'`);
      throw e;
    }
  }

  function finishAttempt(id: string, result: EpisodeResult, finishedAt: string) {
    const { changes } = episodeWrites.finish.run({
      id,
      status: result.status,
      finishedAt,
      answer: result.answer,
      success: result.success === null ? null : result.success ? 1 : 0,
      feedback: result.feedback,
      stop: result.stop,
      note: result.note ?? null,
    });
    if (changes === 0) throw fail(`no running episode with id '${id}' (unknown or already finished)`);
  }

  function insertToolStep(episodeId: string, s: ToolStepInput, at: string) {
    return forEpisode(episodeId, () =>
      insertStep.tool.get({
        episodeId,
        startedAt: at,
        latencyMs: s.latencyMs,
        server: s.server,
        tool: s.tool,
        catalogueName: s.catalogueName,
        arguments: s.args ?? null,
        resultText: s.resultText,
        isError: s.isError,
      }),
    );
  }

  function insertModelStep(episodeId: string, s: ModelStepInput, at: string) {
    return forEpisode(episodeId, () =>
      insertStep.model.get({
        episodeId,
        startedAt: at,
        latencyMs: s.latencyMs,
        model: s.model,
        input: s.input ?? null,
        output: s.output ?? null,
        tokensIn: s.tokensIn ?? null,
        tokensOut: s.tokensOut ?? null,
        cached: s.cached ?? false,
      }),
    );
  }

  function insertScoreRow(episodeId: string, s: ScoreInput) {
    forEpisode(episodeId, () => insertScore.run({ episodeId, name: s.name, value: s.value, comment: s.comment ?? null }));
  }

  return {
    startEpisode(input) {
      return db.transaction(
        () => {
          const row = insertAttempt(input, newEpisodeId(), new Date().toISOString());
          if (row === undefined) {
            throw fail(`task '${input.taskId}' repeat ${input.repeat} of run ${input.runId} already finished; finished episodes are never replaced`);
          }
          return row;
        },
        { behavior: 'immediate' },
      );
    },

    finishEpisode(id, result) {
      finishAttempt(id, result, new Date().toISOString());
    },

    commitEpisode(record) {
      return db.transaction(
        () => {
          const { id, startedAt: started, finishedAt } = record.episode;
          if (insertAttempt(record.episode, id, started) === undefined) return false;
          for (const s of record.steps) {
            if (s.kind === 'tool') insertToolStep(id, s.step, s.startedAt);
            else insertModelStep(id, s.step, s.startedAt);
          }
          finishAttempt(id, record.result, finishedAt);
          for (const score of record.scores) insertScoreRow(id, score);
          return true;
        },
        { behavior: 'immediate' },
      );
    },

    completedEpisodeKeys(runId) {
      const rows = db
        .select({ taskId: episodes.taskId, repeat: episodes.repeatIndex })
        .from(episodes)
        .where(and(eq(episodes.runId, runId), eq(episodes.status, 'completed')))
        .all();
      return new Set(rows.map((r) => `${r.taskId}#${r.repeat}`));
    },

    addToolStep: (episodeId, s) => insertToolStep(episodeId, s, startedAt(s.latencyMs)),
    addModelStep: (episodeId, s) => insertModelStep(episodeId, s, startedAt(s.latencyMs)),
    addScore: insertScoreRow,

    atomically(writes) {
      // better-sqlite3 turns a nested call into a savepoint and refuses a function that returns a promise.
      return db.transaction(() => writes(), { behavior: 'immediate' });
    },
  };
}
