// What a search is given (EngineConfig), what it returns (EngineResult), and the setup it runs with: the
// config checked and its defaults filled in, once, before anything is evaluated.
import { largestBatch, type UnitOf } from './minibatch.ts';
import { meanObjective, type Objective } from './objective.ts';
import { paretoSelectorOver, type CostOf, type ParentSelector, type Ranking } from './pareto.ts';
import { budgetSpent, perfectCandidate, trainSolved, type StopCondition } from './stoppers.ts';
import { failureAttribution, improvementOrCheaper, strictImprovement, type AcceptanceRule, type ComponentChooser } from './strategies.ts';
import type { Candidate, CandidateGate, Evaluator, Journal, Proposer, Reflector, TaskResult, Texts } from './types.ts';

export interface RecordedResult<Trace> {
  result: TaskResult<Trace>;
  /** whether its score can stand for the seed's under this search's evaluator (same agent, say) */
  comparable: boolean;
}

export interface MergeSettings {
  /** merges tried at most */
  maxMerges: number;
  /** validation tasks a merge is tried on before its full validation */
  subsample: number;
}

export interface EngineConfig<Trace, Row> {
  seedTexts: Texts;
  trainTaskIds: string[];
  valTaskIds: string[];
  /**
   * Train ids drawn into minibatches together, e.g. one task's (task, agent) pairs so that every agent meets
   * the tasks a child is judged on; `minibatchSize` then counts units. By default each id is drawn alone.
   */
  unitOf?: UnitOf;
  /** What "best" means over validation scores (the winner, the history, the perfect stop); the mean by default. */
  objective?: Objective;
  /**
   * A second objective to minimize (e.g. the texts' length): a child with an equal minibatch total and a lower
   * cost is accepted, the best candidate on a tie of the objective is the cheaper one, and the cheapest
   * candidates are on the Pareto front the parents are drawn from. Absent: the score alone decides.
   */
  cost?: CostOf;
  /**
   * Which candidates may be the winner (e.g. those within a length budget); when none is, the seed stands and
   * EngineResult.bestAdmissible is false. Absent: every candidate may.
   */
  admissible?: (texts: Texts) => boolean;
  evaluator: Evaluator<Trace>;
  reflector: Reflector<Trace, Row>;
  proposer: Proposer<Row>;
  /** metric calls (task episodes) the search may spend, the seed's validation included */
  budget: number;
  /** the search's random seed (`--seed`); the seed candidate is `seedTexts` */
  randomSeed: number;
  minibatchSize?: number;
  selector?: ParentSelector;
  components?: ComponentChooser;
  acceptance?: AcceptanceRule;
  /** checked after the search's own (budget spent, perfect, train solved), in order */
  stops?: StopCondition[];
  merge?: MergeSettings;
  /**
   * The seed's results recorded before the search (episodes imported from elsewhere). The first iterations
   * mutate the seed and reflect on these, a minibatch at a time in the order given. Where every result of
   * the minibatch is comparable (recorded as this search's evaluator would score it) they stand for the
   * seed's scores and cost no calls; otherwise the seed is run on those tasks to judge the child fairly.
   */
  seedResults?: RecordedResult<Trace>[];
  /**
   * Refuses a mutation's proposed descriptions one by one before the child is run: a refused one keeps the
   * parent's text; when all are refused the child is rejected unrun (no metric calls). Each refusal is in the
   * verdict's gateRefusals, and reads `<component> lint: <rule>` in its reason. Merges are not gated: they
   * recombine passed texts.
   */
  gate?: CandidateGate<Trace>;
  /** A parent that already scores this on every minibatch task is not mutated (nothing to learn). Default 1. */
  perfectScore?: number;
  /**
   * Mutations tried at once, each from the pool as their round found it (1 by default: the sequential search).
   * More keeps more episodes in flight against a slow model, at the price of later mutations of a round not
   * seeing the earlier ones' children; the search stays the same for the same seed and setting.
   */
  parallelIterations?: number;
  journal?: Journal;
  onProgress?: (progress: EngineProgress) => void;
}

export interface EngineProgress {
  iteration: number;
  budgetUsed: number;
  budget: number;
  bestValMean: number;
  poolSize: number;
}

export interface EngineResult {
  pool: Candidate[];
  best: Candidate;
  budgetUsed: number;
  stopReason: string;
  interrupted: boolean;
  iterations: number;
  /** the ordinal the next evaluation would get (report evaluations continue from here) */
  nextOrdinal: number;
  /** whether the best is admissible (EngineConfig.admissible); false when no candidate was and the seed stands */
  bestAdmissible: boolean;
  /** each time the best validation score (by the objective) rose: the calls spent by then */
  history: Array<{ budgetUsed: number; candidate: number; valMean: number; objective: number; valMetrics: Record<string, number> }>;
}

export const DEFAULT_MINIBATCH = 3;
export const DEFAULT_MERGE: MergeSettings = { maxMerges: 5, subsample: 5 };

const NO_JOURNAL: Journal = { candidateAdded() {}, proposalMade() {}, proposalJudged() {} };

/** Calls the search needs before its first iteration: the seed on validation plus one parent and one child minibatch. */
export function minimumBudget(valCalls: number, minibatchCalls: number): number {
  return valCalls + 2 * minibatchCalls;
}

/** The config with its defaults filled in, and what follows from it. */
export interface SearchSetup<Trace, Row> {
  config: EngineConfig<Trace, Row>;
  components: string[];
  minibatchSize: number;
  /** the calls of the largest minibatch: units may hold several ids (a task's pairs with each agent) */
  batchCalls: number;
  objective: Objective;
  /** the cost and the admissible candidates, as the best candidate is chosen */
  ranking: Ranking;
  selector: ParentSelector;
  chooser: ComponentChooser;
  acceptance: AcceptanceRule;
  journal: Journal;
  perfectScore: number;
  parallelIterations: number;
  /** the search's own stop conditions, then the config's */
  stops: StopCondition[];
}

export function setupSearch<Trace, Row>(config: EngineConfig<Trace, Row>): SearchSetup<Trace, Row> {
  const minibatchSize = config.minibatchSize ?? DEFAULT_MINIBATCH;
  const batchCalls = largestBatch(config.trainTaskIds, minibatchSize, config.unitOf);
  checkConfig(config, batchCalls);
  const parallelIterations = config.parallelIterations ?? 1;
  if (!Number.isInteger(parallelIterations) || parallelIterations < 1)
    throw new Error(`parallelIterations must be a positive integer, got ${parallelIterations}`);
  return {
    config,
    components: Object.keys(config.seedTexts),
    minibatchSize,
    batchCalls,
    objective: config.objective ?? meanObjective,
    ranking: { ...(config.cost ? { cost: config.cost } : {}), ...(config.admissible ? { admissible: config.admissible } : {}) },
    selector: config.selector ?? paretoSelectorOver(config.cost),
    chooser: config.components ?? failureAttribution(),
    acceptance: config.acceptance ?? (config.cost ? improvementOrCheaper : strictImprovement),
    journal: config.journal ?? NO_JOURNAL,
    perfectScore: config.perfectScore ?? 1,
    parallelIterations,
    stops: [budgetSpent(2 * batchCalls), perfectCandidate, trainSolved(config.trainTaskIds), ...(config.stops ?? [])],
  };
}

function checkConfig<Trace, Row>(config: EngineConfig<Trace, Row>, batchCalls: number): void {
  const needed = minimumBudget(config.valTaskIds.length, batchCalls);
  if (config.valTaskIds.length === 0) throw new Error('the search needs validation tasks to score candidates on');
  if (config.budget < needed) {
    throw new Error(
      `a budget of ${config.budget} metric calls cannot cover the seed's validation (${config.valTaskIds.length}) and one iteration (${2 * batchCalls}); give at least ${needed}`,
    );
  }
  const strays = (config.seedResults ?? []).filter((r) => !config.trainTaskIds.includes(r.result.taskId)).map((r) => r.result.taskId);
  if (strays.length > 0) throw new Error(`recorded seed results must be of train tasks; not train: ${[...new Set(strays)].join(', ')}`);
  if (Object.keys(config.seedTexts).length === 0) throw new Error('the seed candidate has no components to optimize');
}
