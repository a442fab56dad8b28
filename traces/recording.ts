// Writing episodes as they happen: one autocommitted insert per step, so nothing finished is lost.
import { and, eq, ne, sql } from 'drizzle-orm';
import { sqliteErrorCode, TraceStoreError } from './errors.ts';
import { newEpisodeId } from './ids.ts';
import type { TraceDb } from './open.ts';
import { episodes, scores, steps } from './schema.ts';
import type { EpisodeRecorder } from './types.ts';

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

/** A step is recorded when it completes, so it started latencyMs ago. */
function startedAt(latencyMs: number): string {
  return new Date(Date.now() - latencyMs).toISOString();
}

export function episodeRecorder(db: TraceDb, path: string): EpisodeRecorder {
  const fail = (what: string) => new TraceStoreError(`trace store ${path}: ${what}`);
  const insertStep = prepareStepInserts(db);

  /** Runs an insert that references an episode, turning a foreign-key failure into a clear error. */
  function forEpisode<T>(episodeId: string, insert: () => T): T {
    try {
      return insert();
    } catch (e) {
      if (sqliteErrorCode(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw fail(`no episode with id '${episodeId}'`);
      throw e;
    }
  }

  return {
    startEpisode(input) {
      return db.transaction(
        (tx) => {
          const key = and(
            eq(episodes.runId, input.runId),
            eq(episodes.taskId, input.taskId),
            eq(episodes.repeatIndex, input.repeat),
          );
          const existing = tx.select({ id: episodes.id, status: episodes.status }).from(episodes).where(key).get();
          if (existing && existing.status !== 'running') {
            throw fail(
              `episode ${existing.id} for task '${input.taskId}' repeat ${input.repeat} of run ${input.runId} ` +
                `already finished (${existing.status}); finished episodes are never replaced`,
            );
          }
          // A 'running' leftover is a killed attempt: cascade deletes its partial steps and scores.
          if (existing) tx.delete(episodes).where(eq(episodes.id, existing.id)).run();
          try {
            return tx
              .insert(episodes)
              .values({
                id: newEpisodeId(),
                runId: input.runId,
                taskId: input.taskId,
                split: input.split,
                repeatIndex: input.repeat,
                seed: input.seed,
                status: 'running',
                startedAt: new Date().toISOString(),
              })
              .returning()
              .get();
          } catch (e) {
            if (sqliteErrorCode(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw fail(`no run with id '${input.runId}'`);
            throw e;
          }
        },
        { behavior: 'immediate' },
      );
    },

    finishEpisode(id, result) {
      const { changes } = db
        .update(episodes)
        .set({
          status: result.status,
          finishedAt: new Date().toISOString(),
          answer: result.answer,
          success: result.success,
          feedback: result.feedback,
          stopReason: result.stop,
          note: result.note ?? null,
        })
        .where(and(eq(episodes.id, id), eq(episodes.status, 'running')))
        .run();
      if (changes === 0) throw fail(`no running episode with id '${id}' (unknown or already finished)`);
    },

    completedEpisodeKeys(runId) {
      const rows = db
        .select({ taskId: episodes.taskId, repeat: episodes.repeatIndex })
        .from(episodes)
        .where(and(eq(episodes.runId, runId), ne(episodes.status, 'running')))
        .all();
      return new Set(rows.map((r) => `${r.taskId}#${r.repeat}`));
    },

    addToolStep(episodeId, s) {
      return forEpisode(episodeId, () =>
        insertStep.tool.get({
          episodeId,
          startedAt: startedAt(s.latencyMs),
          latencyMs: s.latencyMs,
          server: s.server,
          tool: s.tool,
          catalogueName: s.catalogueName,
          arguments: s.args ?? null,
          resultText: s.resultText,
          isError: s.isError,
        }),
      );
    },

    addModelStep(episodeId, s) {
      return forEpisode(episodeId, () =>
        insertStep.model.get({
          episodeId,
          startedAt: startedAt(s.latencyMs),
          latencyMs: s.latencyMs,
          model: s.model,
          input: s.input ?? null,
          output: s.output ?? null,
          tokensIn: s.tokensIn ?? null,
          tokensOut: s.tokensOut ?? null,
          cached: s.cached ?? false,
        }),
      );
    },

    addScore(episodeId, s) {
      forEpisode(episodeId, () =>
        db.insert(scores).values({ episodeId, name: s.name, value: s.value, comment: s.comment ?? null }).run(),
      );
    },
  };
}
