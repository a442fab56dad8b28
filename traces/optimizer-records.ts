// The optimizer's search records: runs, evaluations, candidates and proposals (see optimizer-types.ts).
import { and, asc, eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import { sqliteErrorCode, TraceStoreError } from './errors.ts';
import type { TraceDb } from './open.ts';
import { episodes, optimizerCandidates, optimizerEvaluations, optimizerProposals, optimizerRuns } from './schema.ts';
import type { OptimizerRecords } from './optimizer-types.ts';

export function optimizerRecords(db: TraceDb, path: string): OptimizerRecords {
  const fail = (what: string) => new TraceStoreError(`trace store ${path}: ${what}`);
  const now = () => new Date().toISOString();

  /** Inserts, or returns the stored row when the key exists; `same` decides whether a replay agrees with it. */
  function insertOnce<Row>(existing: () => Row | undefined, insert: () => Row, same: (row: Row) => boolean, what: string): Row {
    return db.transaction(
      () => {
        const row = existing();
        if (row !== undefined) {
          if (!same(row)) throw fail(`${what} differs from the stored one: the resumed search diverged from the original`);
          return row;
        }
        try {
          return insert();
        } catch (e) {
          if (sqliteErrorCode(e) === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw fail(`${what}: no run with that id`);
          throw e;
        }
      },
      { behavior: 'immediate' },
    );
  }

  const getProposal = (runId: string, iteration: number) =>
    db
      .select()
      .from(optimizerProposals)
      .where(and(eq(optimizerProposals.runId, runId), eq(optimizerProposals.iteration, iteration)))
      .get();

  return {
    createOptimizerRun(input) {
      return insertOnce(
        () => db.select().from(optimizerRuns).where(eq(optimizerRuns.runId, input.runId)).get(),
        () => db.insert(optimizerRuns).values(input).returning().get(),
        () => false,
        `optimizer run ${input.runId}`,
      );
    },

    getOptimizerRun(runId) {
      return db.select().from(optimizerRuns).where(eq(optimizerRuns.runId, runId)).get();
    },

    finishOptimizerRun(runId, input) {
      const { changes } = db.update(optimizerRuns).set(input).where(eq(optimizerRuns.runId, runId)).run();
      if (changes === 0) throw fail(`no optimizer run with id '${runId}'`);
    },

    recordEvaluation(input) {
      const key = and(eq(optimizerEvaluations.runId, input.runId), eq(optimizerEvaluations.ordinal, input.ordinal));
      return insertOnce(
        () => db.select().from(optimizerEvaluations).where(key).get(),
        () =>
          db
            .insert(optimizerEvaluations)
            .values({ ...input, createdAt: now() })
            .returning()
            .get(),
        (row) => row.purpose === input.purpose && row.candidateHash === input.candidateHash && isDeepStrictEqual(row.taskIds, input.taskIds),
        `evaluation ${input.ordinal} of run ${input.runId}`,
      );
    },

    evaluationEpisodeIds(runId, ordinal) {
      const rows = db
        .select({ id: episodes.id, taskId: episodes.taskId })
        .from(episodes)
        .where(and(eq(episodes.runId, runId), eq(episodes.evaluation, ordinal), eq(episodes.status, 'completed')))
        .all();
      return new Map(rows.map((r) => [r.taskId, r.id]));
    },

    recordCandidate(input) {
      const key = and(eq(optimizerCandidates.runId, input.runId), eq(optimizerCandidates.candidate, input.candidate));
      return insertOnce(
        () => db.select().from(optimizerCandidates).where(key).get(),
        () =>
          db
            .insert(optimizerCandidates)
            .values({ ...input, createdAt: now() })
            .returning()
            .get(),
        (row) => row.candidateHash === input.candidateHash && isDeepStrictEqual(row.valScores, input.valScores),
        `candidate ${input.candidate} of run ${input.runId}`,
      );
    },

    listCandidates(runId) {
      return db.select().from(optimizerCandidates).where(eq(optimizerCandidates.runId, runId)).orderBy(asc(optimizerCandidates.candidate)).all();
    },

    recordProposal(input) {
      return insertOnce(
        () => getProposal(input.runId, input.iteration),
        () =>
          db
            .insert(optimizerProposals)
            .values({ ...input, createdAt: now() })
            .returning()
            .get(),
        (row) =>
          row.kind === input.kind &&
          row.component === input.component &&
          row.parentScores === input.parentScores &&
          isDeepStrictEqual(row.parents, input.parents) &&
          isDeepStrictEqual(row.minibatch, input.minibatch),
        `proposal of iteration ${input.iteration} of run ${input.runId}`,
      );
    },

    getProposal,

    judgeProposal(runId, iteration, input) {
      const { changes } = db
        .update(optimizerProposals)
        .set(input)
        .where(and(eq(optimizerProposals.runId, runId), eq(optimizerProposals.iteration, iteration)))
        .run();
      if (changes === 0) throw fail(`no proposal for iteration ${iteration} of run ${runId}`);
    },

    listProposals(runId) {
      return db.select().from(optimizerProposals).where(eq(optimizerProposals.runId, runId)).orderBy(asc(optimizerProposals.iteration)).all();
    },
  };
}
