// The engine's contracts. It knows nothing of MCP: a candidate is a map of named texts (components),
// an evaluation runs tasks and scores them, a proposer rewrites one text from a reflective dataset.

/** component name -> text */
export type Texts = Readonly<Record<string, string>>;

export type EvaluationPurpose = 'val' | 'minibatch-parent' | 'minibatch-child' | 'merge-subsample' | 'report';

export interface EvaluationRequest {
  /** 0, 1, 2, ... in the order the engine asks; a resumed search asks for the same ordinals again. */
  ordinal: number;
  purpose: EvaluationPurpose;
  iteration: number;
  texts: Texts;
  taskIds: string[];
}

/** One task episode: one metric call. */
export interface TaskResult<Trace> {
  taskId: string;
  /** The optimized objective, in [0, 1]. */
  score: number;
  /** Other measurements reported beside the score (e.g. success, selection), each in [0, 1]. */
  metrics: Record<string, number>;
  trace: Trace;
}

export interface Evaluator<Trace> {
  /** Results in the order of `taskIds`. Task failures are scores, never exceptions; EvaluationInterrupted stops the search. */
  evaluate(request: EvaluationRequest): Promise<TaskResult<Trace>[]>;
}

/** Thrown by an evaluator that was asked to stop before it finished. */
export class EvaluationInterrupted extends Error {
  override name = 'EvaluationInterrupted';
}

/** Turns a parent's minibatch results into what a proposer reads, per component. */
export interface Reflector<Trace, Row> {
  reflectiveDataset(texts: Texts, component: string, results: TaskResult<Trace>[]): Row[];
  /** How much each component is implicated in the failures of these results (higher = more). */
  blame(texts: Texts, results: TaskResult<Trace>[]): Record<string, number>;
}

export interface ProposalRequest<Row> {
  iteration: number;
  component: string;
  texts: Texts;
  dataset: Row[];
  /** The random seed of this proposal's randomness; a function of the search's random seed and the iteration only. */
  randomSeed: number;
  /**
   * The search's gate, as it will judge this component's new text against the parent (with the results the
   * dataset was read from); present only when the search has a gate. A proposer may screen its edits through it so
   * that no proposal is spent on text the gate refuses.
   */
  screen?: (text: string) => GateVerdict | undefined;
}

/** JSON-serialisable, because every proposal is stored and replayed on resume. */
export type Proposal = { ok: true; text: string; detail: Record<string, unknown> } | { ok: false; reason: string; detail: Record<string, unknown> };

export interface Proposer<Row> {
  /** 'sim' or 'llm:<model>' */
  readonly id: string;
  propose(request: ProposalRequest<Row>): Promise<Proposal>;
}

/** A gate's refusal of a child: the rule it breaks (e.g. a lint rule the child's texts newly trip). */
export interface GateVerdict {
  rule: string;
}

/**
 * Checks a mutation's child against its parent before the child is run. `results` are the parent's
 * minibatch results the proposer read (what it could have copied from). Undefined lets the child through.
 */
export type CandidateGate<Trace> = (parent: Texts, child: Texts, context: { results: readonly TaskResult<Trace>[] }) => GateVerdict | undefined;

export type CandidateOrigin = 'seed' | 'mutation' | 'merge';

export interface Candidate {
  /** position in the pool; 0 is the seed */
  id: number;
  texts: Texts;
  parents: number[];
  origin: CandidateOrigin;
  iteration: number;
  /** task id -> score on the validation split */
  valScores: Record<string, number>;
  valMean: number;
  valMetrics: Record<string, number>;
  /** metric calls spent when it joined the pool */
  budgetUsed: number;
}

export interface ProposalRecord {
  iteration: number;
  kind: 'mutation' | 'merge';
  parents: number[];
  /** the components rewritten (null for a merge) */
  components: string[] | null;
  proposer: string | null;
  /** mutation: the proposal for each component rewritten; merge: the merged texts and their common ancestor */
  proposal: Record<string, Proposal> | { merged: Texts; ancestor: number };
  minibatch: string[];
  /**
   * evaluated: the parent was run on the minibatch and reflected on; recorded: recorded results (seedResults)
   * stood for its scores and were reflected on; evaluated-reflecting-recorded: the parent was run for its
   * scores, the recorded results (not comparable) were reflected on.
   */
  parentScores: 'evaluated' | 'recorded' | 'evaluated-reflecting-recorded';
}

/** One proposed description the gate refused: its component keeps the parent's text. */
export interface GateRefusal {
  component: string;
  rule: string;
}

export interface Verdict {
  scoresBefore: number[] | null;
  scoresAfter: number[] | null;
  accepted: boolean;
  reason: string;
  child: number | null;
  /** the descriptions the gate refused, in the order proposed; empty for a merge or where nothing was refused */
  gateRefusals: GateRefusal[];
}

/** Where the engine reports what it decided; writes must tolerate a replay (same records again). */
export interface Journal {
  candidateAdded(candidate: Candidate): void;
  proposalMade(record: ProposalRecord): void;
  proposalJudged(iteration: number, verdict: Verdict): void;
}
