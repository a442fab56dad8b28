// The optimizer's records in the trace store: row types and the interface optimizer/ writes through.
import type { optimizerCandidates, optimizerEvaluations, optimizerProposals, optimizerRuns } from './schema.ts';

export type OptimizerRunRow = typeof optimizerRuns.$inferSelect;
export type OptimizerEvaluationRow = typeof optimizerEvaluations.$inferSelect;
export type OptimizerCandidateRow = typeof optimizerCandidates.$inferSelect;
export type OptimizerProposalRow = typeof optimizerProposals.$inferSelect;
export type OptimizerEvaluationPurpose = OptimizerEvaluationRow['purpose'];

export interface CreateOptimizerRunInput {
  runId: string;
  target: string;
  server: string;
  seedVersionId: string;
}

export interface RecordEvaluationInput {
  runId: string;
  ordinal: number;
  purpose: OptimizerEvaluationPurpose;
  iteration: number;
  candidateHash: string;
  taskIds: string[];
}

export type RecordCandidateInput = Omit<OptimizerCandidateRow, 'createdAt'>;

export interface RecordProposalInput {
  runId: string;
  iteration: number;
  kind: OptimizerProposalRow['kind'];
  parents: number[];
  component: string | null;
  proposer: string | null;
  proposal: unknown;
  minibatch: string[];
  parentScores: OptimizerProposalRow['parentScores'];
}

/** A proposal's verdict columns: null in the row until judged, so a judgement must say whether and why. */
export type JudgeProposalInput = Pick<OptimizerProposalRow, 'scoresBefore' | 'scoresAfter' | 'child'> & {
  accepted: boolean;
  reason: string;
  gateRefusals: NonNullable<OptimizerProposalRow['gateRefusals']>;
};

export interface FinishOptimizerRunInput {
  bestVersionId: string;
  budgetUsed: number;
  stopReason: string;
  summary: unknown;
}

/**
 * Writes are idempotent so a resumed run can replay its search from the start: writing a record that
 * exists returns it unchanged, and a record that contradicts the stored one is an error (the replay diverged).
 */
export interface OptimizerRecords {
  createOptimizerRun(input: CreateOptimizerRunInput): OptimizerRunRow;
  getOptimizerRun(runId: string): OptimizerRunRow | undefined;
  finishOptimizerRun(runId: string, input: FinishOptimizerRunInput): void;
  recordEvaluation(input: RecordEvaluationInput): OptimizerEvaluationRow;
  /** Completed episodes of one evaluation, by task id (an errored one is run again on resume). */
  evaluationEpisodeIds(runId: string, ordinal: number): Map<string, string>;
  recordCandidate(input: RecordCandidateInput): OptimizerCandidateRow;
  listCandidates(runId: string): OptimizerCandidateRow[];
  recordProposal(input: RecordProposalInput): OptimizerProposalRow;
  getProposal(runId: string, iteration: number): OptimizerProposalRow | undefined;
  /** Replaces a stored proposal's content: a resume completing a proposal an outage cut short. */
  completeProposal(runId: string, iteration: number, proposal: unknown): void;
  judgeProposal(runId: string, iteration: number, input: JudgeProposalInput): void;
  listProposals(runId: string): OptimizerProposalRow[];
}
