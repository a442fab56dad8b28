// The optimizer's search records: runs, evaluations, candidates and proposals (see optimizer-types.ts), each
// written once (traces/record-once.ts).
import { and, asc, eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { TraceDb } from './open.ts';
import { insertOnce, recordOnce, recordsDb, type RecordsDb } from './record-once.ts';
import { episodes, optimizerCandidates, optimizerEvaluations, optimizerProposals, optimizerRuns } from './schema.ts';
import type { OptimizerRecords } from './optimizer-types.ts';

export function optimizerRecords(db: TraceDb, path: string): OptimizerRecords {
  const store = recordsDb(db, path);
  return { ...runRecords(store), ...evaluationRecords(store), ...candidateRecords(store), ...proposalRecords(store) };
}

function runRecords(store: RecordsDb): Pick<OptimizerRecords, 'createOptimizerRun' | 'getOptimizerRun' | 'finishOptimizerRun'> {
  const { db } = store;
  return {
    createOptimizerRun(input) {
      return insertOnce(
        store,
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
      if (changes === 0) throw store.fail(`no optimizer run with id '${runId}'`);
    },
  };
}

function evaluationRecords(store: RecordsDb): Pick<OptimizerRecords, 'recordEvaluation' | 'evaluationEpisodeIds'> {
  return {
    recordEvaluation(input) {
      return recordOnce(
        store,
        optimizerEvaluations,
        and(eq(optimizerEvaluations.runId, input.runId), eq(optimizerEvaluations.ordinal, input.ordinal)),
        input,
        (row) => row.purpose === input.purpose && row.candidateHash === input.candidateHash && isDeepStrictEqual(row.taskIds, input.taskIds),
        `evaluation ${input.ordinal} of run ${input.runId}`,
      );
    },

    evaluationEpisodeIds(runId, ordinal) {
      const rows = store.db
        .select({ id: episodes.id, taskId: episodes.taskId })
        .from(episodes)
        .where(and(eq(episodes.runId, runId), eq(episodes.evaluation, ordinal), eq(episodes.status, 'completed')))
        .all();
      return new Map(rows.map((r) => [r.taskId, r.id]));
    },
  };
}

function candidateRecords(store: RecordsDb): Pick<OptimizerRecords, 'recordCandidate' | 'listCandidates'> {
  return {
    recordCandidate(input) {
      return recordOnce(
        store,
        optimizerCandidates,
        and(eq(optimizerCandidates.runId, input.runId), eq(optimizerCandidates.candidate, input.candidate)),
        input,
        (row) => row.candidateHash === input.candidateHash && isDeepStrictEqual(row.valScores, input.valScores),
        `candidate ${input.candidate} of run ${input.runId}`,
      );
    },

    listCandidates(runId) {
      return store.db.select().from(optimizerCandidates).where(eq(optimizerCandidates.runId, runId)).orderBy(asc(optimizerCandidates.candidate)).all();
    },
  };
}

function proposalRecords(store: RecordsDb): Pick<OptimizerRecords, 'recordProposal' | 'getProposal' | 'completeProposal' | 'judgeProposal' | 'listProposals'> {
  const { db } = store;
  const proposalKey = (runId: string, iteration: number) => and(eq(optimizerProposals.runId, runId), eq(optimizerProposals.iteration, iteration));
  /** Completing and judging a proposal update the one row its search recorded. */
  const updateProposal = (runId: string, iteration: number, values: Partial<typeof optimizerProposals.$inferInsert>) => {
    const { changes } = db.update(optimizerProposals).set(values).where(proposalKey(runId, iteration)).run();
    if (changes === 0) throw store.fail(`no proposal for iteration ${iteration} of run ${runId}`);
  };
  return {
    recordProposal(input) {
      return recordOnce(
        store,
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

    getProposal: (runId, iteration) => db.select().from(optimizerProposals).where(proposalKey(runId, iteration)).get(),
    completeProposal: (runId, iteration, proposal) => updateProposal(runId, iteration, { proposal }),
    judgeProposal: (runId, iteration, input) => updateProposal(runId, iteration, input),

    listProposals(runId) {
      return db.select().from(optimizerProposals).where(eq(optimizerProposals.runId, runId)).orderBy(asc(optimizerProposals.iteration)).all();
    },
  };
}
