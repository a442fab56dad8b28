// The optimizer's search records: runs, evaluations, candidates and proposals (see optimizer-types.ts).
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { SQLiteInsertValue } from 'drizzle-orm/sqlite-core';
import { isDeepStrictEqual } from 'node:util';
import { sqliteErrorCode, TraceStoreError } from './errors.ts';
import type { TraceDb } from './open.ts';
import { episodes, optimizerCandidates, optimizerEvaluations, optimizerProposals, optimizerRuns } from './schema.ts';
import type { OptimizerRecords } from './optimizer-types.ts';

type SearchRecordTable = typeof optimizerEvaluations | typeof optimizerCandidates | typeof optimizerProposals;

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

  /**
   * A search record (evaluation, candidate or proposal) of one run, found by `key`: inserted stamped with its
   * creation time, or the stored one returned (see insertOnce). drizzle's builders do not resolve their row
   * types over a generic table, so the casts restate what they return for each of the three.
   */
  function recordOnce<T extends SearchRecordTable>(
    table: T,
    key: SQL | undefined,
    input: Omit<T['$inferInsert'], 'createdAt'>,
    same: (row: T['$inferSelect']) => boolean,
    what: string,
  ): T['$inferSelect'] {
    return insertOnce(
      () => db.select().from(table).where(key).get() as T['$inferSelect'] | undefined,
      () =>
        db
          .insert(table)
          .values({ ...input, createdAt: now() } as SQLiteInsertValue<T>)
          .returning()
          .get() as T['$inferSelect'],
      same,
      what,
    );
  }

  const proposalKey = (runId: string, iteration: number) => and(eq(optimizerProposals.runId, runId), eq(optimizerProposals.iteration, iteration));
  const getProposal = (runId: string, iteration: number) => db.select().from(optimizerProposals).where(proposalKey(runId, iteration)).get();

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
      return recordOnce(
        optimizerEvaluations,
        and(eq(optimizerEvaluations.runId, input.runId), eq(optimizerEvaluations.ordinal, input.ordinal)),
        input,
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
      return recordOnce(
        optimizerCandidates,
        and(eq(optimizerCandidates.runId, input.runId), eq(optimizerCandidates.candidate, input.candidate)),
        input,
        (row) => row.candidateHash === input.candidateHash && isDeepStrictEqual(row.valScores, input.valScores),
        `candidate ${input.candidate} of run ${input.runId}`,
      );
    },

    listCandidates(runId) {
      return db.select().from(optimizerCandidates).where(eq(optimizerCandidates.runId, runId)).orderBy(asc(optimizerCandidates.candidate)).all();
    },

    recordProposal(input) {
      return recordOnce(
        optimizerProposals,
        proposalKey(input.runId, input.iteration),
        input,
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

    completeProposal(runId, iteration, proposal) {
      const { changes } = db.update(optimizerProposals).set({ proposal }).where(proposalKey(runId, iteration)).run();
      if (changes === 0) throw fail(`no proposal for iteration ${iteration} of run ${runId}`);
    },

    judgeProposal(runId, iteration, input) {
      const { changes } = db.update(optimizerProposals).set(input).where(proposalKey(runId, iteration)).run();
      if (changes === 0) throw fail(`no proposal for iteration ${iteration} of run ${runId}`);
    },

    listProposals(runId) {
      return db.select().from(optimizerProposals).where(eq(optimizerProposals.runId, runId)).orderBy(asc(optimizerProposals.iteration)).all();
    },
  };
}
