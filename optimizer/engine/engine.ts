// The GEPA-style search loop (ARCHITECTURE.md section 2), independent of what the texts describe.
import { Budget } from './budget.ts';
import { mergeSubsample, planMerge } from './merge.ts';
import { EpochSampler, largestBatch, type UnitOf } from './minibatch.ts';
import { meanObjective, type Objective } from './objective.ts';
import { bestCandidate, paretoSelector, type ParentSelector } from './pareto.ts';
import { deriveSeed, Rng } from './rng.ts';
import { Turns } from './turns.ts';
import { failureAttribution, strictImprovement, type AcceptanceRule, type ComponentChooser, type StopCondition } from './strategies.ts';
import {
  EvaluationInterrupted,
  type Candidate,
  type CandidateGate,
  type Proposal,
  type EvaluationPurpose,
  type Evaluator,
  type Journal,
  type Proposer,
  type Reflector,
  type TaskResult,
  type Texts,
} from './types.ts';

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
  evaluator: Evaluator<Trace>;
  reflector: Reflector<Trace, Row>;
  proposer: Proposer<Row>;
  /** metric calls (task episodes) the search may spend, the seed's validation included */
  budget: number;
  seed: number;
  minibatchSize?: number;
  selector?: ParentSelector;
  components?: ComponentChooser;
  acceptance?: AcceptanceRule;
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
   * parent's text; when all are refused the child is rejected unrun (no metric calls). Each refusal reads
   * `<component> lint: <rule>` in the proposal's reason. Merges are not gated: they recombine passed texts.
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
  /** each time the best validation score (by the objective) rose: the calls spent by then */
  history: Array<{ budgetUsed: number; candidate: number; valMean: number; objective: number; valMetrics: Record<string, number> }>;
}

/** One mutation of a round, planned before any of the round's episodes run. */
interface MutationPlan<Trace> {
  at: number;
  parent: Candidate;
  minibatch: string[];
  recorded: RecordedResult<Trace>[] | undefined;
  /** recorded results that stand for the parent's scores, when all are comparable */
  standIn: TaskResult<Trace>[] | undefined;
}

type MutationOutcome<Trace> =
  | { kind: 'skipped' }
  | { kind: 'rejected'; before: number[]; after: number[] | null; reason: string }
  | { kind: 'accepted'; texts: Texts; parent: Candidate; before: number[]; after: number[]; reason: string; val: TaskResult<Trace>[] };

export const DEFAULT_MINIBATCH = 3;
/** How a gate's refusal of one description reads in a proposal's reason: "<component> lint: <rule>". */
export const GATE_REASON_PREFIX = 'lint: ';
/** Introduces the descriptions the gate held back when others of the same proposal went on. */
export const GATE_HELD_BACK = 'held back by the honesty gate: ';
export const DEFAULT_MERGE: MergeSettings = { maxMerges: 5, subsample: 5 };

const NO_JOURNAL: Journal = { candidateAdded() {}, proposalMade() {}, proposalJudged() {} };

/** Calls the search needs before its first iteration: the seed on validation plus one parent and one child minibatch. */
export function minimumBudget(valCalls: number, minibatchCalls: number): number {
  return valCalls + 2 * minibatchCalls;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);

/** The stop reason when the best candidate scores 1 on every validation task. */
export const PERFECT = 'perfect';

/**
 * The stop reason when a whole pass over the train tasks found only perfect minibatches: the proposer learns
 * from failed train tasks alone, so however validation scores, more minibatches would only be skipped.
 */
export const TRAIN_SOLVED = 'train solved';

/**
 * Train episodes that must succeed in a row, besides the whole pass, before TRAIN_SOLVED: a small train split
 * is passed again, since by the rule of three 20 successes in a row only bound the failure rate below 15%
 * (95% confidence), and an agent that fails a task now and then still gives the proposer something to read.
 */
export const SOLVED_EPISODES_IN_A_ROW = 20;

export async function runEngine<Trace, Row>(config: EngineConfig<Trace, Row>): Promise<EngineResult> {
  const minibatchSize = config.minibatchSize ?? DEFAULT_MINIBATCH;
  // the calls of the largest minibatch: units may hold several ids (a task's pairs with each agent)
  const batchCalls = largestBatch(config.trainTaskIds, minibatchSize, config.unitOf);
  const needed = minimumBudget(config.valTaskIds.length, batchCalls);
  if (config.valTaskIds.length === 0) throw new Error('the search needs validation tasks to score candidates on');
  if (config.budget < needed) {
    throw new Error(
      `a budget of ${config.budget} metric calls cannot cover the seed's validation (${config.valTaskIds.length}) and one iteration (${2 * batchCalls}); give at least ${needed}`,
    );
  }
  const strays = (config.seedResults ?? []).filter((r) => !config.trainTaskIds.includes(r.result.taskId)).map((r) => r.result.taskId);
  if (strays.length > 0) throw new Error(`recorded seed results must be of train tasks; not train: ${[...new Set(strays)].join(', ')}`);
  const components = Object.keys(config.seedTexts);
  if (components.length === 0) throw new Error('the seed candidate has no components to optimize');

  const budget = new Budget(config.budget);
  const rng = new Rng(config.seed, 'engine');
  const sampler = new EpochSampler(config.trainTaskIds, minibatchSize, new Rng(config.seed, 'minibatch'), config.unitOf);
  const objective = config.objective ?? meanObjective;
  const best = () => bestCandidate(pool, objective);
  const selector = config.selector ?? paretoSelector;
  const chooser = config.components ?? failureAttribution();
  const acceptance = config.acceptance ?? strictImprovement;
  const journal = config.journal ?? NO_JOURNAL;
  const perfect = config.perfectScore ?? 1;
  const parallel = config.parallelIterations ?? 1;
  if (!Number.isInteger(parallel) || parallel < 1) throw new Error(`parallelIterations must be a positive integer, got ${parallel}`);
  const pool: Candidate[] = [];
  const history: EngineResult['history'] = [];
  const triedMerges = new Set<string>();
  const recordedBatches = chunks(config.seedResults ?? [], minibatchSize);
  let ordinal = 0;
  let iteration = 0;
  let sinceImprovement = 0;
  let mergesDue = 0;
  let mergesTried = 0;
  /** the train tasks of the perfect minibatches since the last minibatch with a failure, and their episodes */
  const solvedInARow = new Set<string>();
  let solvedEpisodesInARow = 0;

  const progress = () =>
    config.onProgress?.({
      iteration,
      budgetUsed: budget.used,
      budget: budget.total,
      bestValMean: pool.length ? best().valMean : 0,
      poolSize: pool.length,
    });

  /** Spends the budget and takes the next ordinal at once, when called; the episodes run while the caller goes on. */
  async function evaluate(purpose: EvaluationPurpose, texts: Texts, taskIds: string[], at = iteration): Promise<TaskResult<Trace>[]> {
    budget.spend(taskIds.length);
    const results = await config.evaluator.evaluate({ ordinal: ordinal++, purpose, iteration: at, texts, taskIds });
    progress();
    return results;
  }

  function addCandidate(texts: Texts, parents: number[], origin: Candidate['origin'], val: TaskResult<Trace>[], at = iteration): Candidate {
    const metricNames = [...new Set(val.flatMap((r) => Object.keys(r.metrics)))];
    const candidate: Candidate = {
      id: pool.length,
      texts,
      parents,
      origin,
      iteration: at,
      valScores: Object.fromEntries(val.map((r) => [r.taskId, r.score])),
      valMean: mean(val.map((r) => r.score)),
      valMetrics: Object.fromEntries(metricNames.map((m) => [m, mean(val.map((r) => r.metrics[m] ?? 0))])),
      budgetUsed: budget.used,
    };
    const bestBefore = pool.length === 0 ? undefined : best();
    pool.push(candidate);
    journal.candidateAdded(candidate);
    const score = objective.score(candidate);
    if (bestBefore === undefined || score > objective.score(bestBefore)) {
      history.push({ budgetUsed: budget.used, candidate: candidate.id, valMean: candidate.valMean, objective: score, valMetrics: candidate.valMetrics });
      sinceImprovement = 0;
    } else sinceImprovement++;
    if (config.merge && mergesTried < config.merge.maxMerges) mergesDue++;
    progress();
    return candidate;
  }

  /** One merge attempt; false when no pair qualifies (the iteration then mutates instead). */
  async function tryMerge(settings: MergeSettings): Promise<boolean> {
    const plan = planMerge(pool, rng, triedMerges);
    if (plan === undefined) return false;
    const [a, b] = [pool[plan.a]!, pool[plan.b]!];
    const subsample = mergeSubsample(a, b, Math.min(settings.subsample, config.valTaskIds.length), rng);
    mergesDue--;
    mergesTried++;
    journal.proposalMade({
      iteration,
      kind: 'merge',
      parents: [a.id, b.id],
      components: null,
      proposer: null,
      proposal: { merged: plan.texts, ancestor: plan.ancestor },
      minibatch: subsample,
      parentScores: 'evaluated',
    });
    const rest = config.valTaskIds.filter((t) => !subsample.includes(t));
    if (!budget.canAfford(subsample.length + rest.length)) {
      journal.proposalJudged(iteration, {
        scoresBefore: null,
        scoresAfter: null,
        accepted: false,
        reason: 'not enough budget left to validate a merge',
        child: null,
      });
      return true;
    }
    const trial = await evaluate('merge-subsample', plan.texts, subsample);
    const after = trial.map((r) => r.score);
    const sumA = subsample.reduce((s, t) => s + a.valScores[t]!, 0);
    const sumB = subsample.reduce((s, t) => s + b.valScores[t]!, 0);
    const before = sumA >= sumB ? subsample.map((t) => a.valScores[t]!) : subsample.map((t) => b.valScores[t]!);
    const afterSum = after.reduce((s, x) => s + x, 0);
    if (afterSum < Math.max(sumA, sumB)) {
      journal.proposalJudged(iteration, {
        scoresBefore: before,
        scoresAfter: after,
        accepted: false,
        reason: `merge scored ${afterSum} on its subsample, below the better parent's ${Math.max(sumA, sumB)}`,
        child: null,
      });
      return true;
    }
    const remaining = rest.length > 0 ? await evaluate('val', plan.texts, rest) : [];
    const byTask = new Map([...trial, ...remaining].map((r) => [r.taskId, r]));
    const child = addCandidate(
      plan.texts,
      [a.id, b.id],
      'merge',
      config.valTaskIds.map((t) => byTask.get(t)!),
    );
    journal.proposalJudged(iteration, {
      scoresBefore: before,
      scoresAfter: after,
      accepted: true,
      reason: `merge scored ${afterSum} on its subsample, at least the better parent's ${Math.max(sumA, sumB)}`,
      child: child.id,
    });
    return true;
  }

  /** Draws one mutation's parent and minibatch, in iteration order, from the pool as its round found it. */
  function plan(at: number): MutationPlan<Trace> {
    const recorded = recordedBatches.shift();
    const parent = recorded === undefined ? pool[selector.select(pool, rng)]! : pool[0]!;
    const minibatch = recorded?.map((r) => r.result.taskId) ?? sampler.next();
    const standIn = recorded?.every((r) => r.comparable) ? recorded.map((r) => r.result) : undefined;
    return { at, parent, minibatch, recorded, standIn };
  }

  /**
   * `size` mutations at once, each from a parent drawn from the pool as it stood when the round began. Their
   * episodes, proposals and validations overlap, but every step on shared state (the component chooser, the
   * budget and the evaluation ordinals, the pool, the journal) is taken in iteration order, so a round is the
   * same for a seed however its calls interleave; with size 1 it is the sequential search's iteration.
   */
  async function mutationRound(size: number): Promise<void> {
    const plans = Array.from({ length: size }, (_, j) => plan(iteration + j));
    iteration += size - 1;
    const choosing = new Turns(size);
    // child minibatches in iteration order, then validations in iteration order
    const issuing = new Turns(2 * size);
    let firstError: { error: unknown } | undefined;
    const stopIfFailed = () => {
      if (firstError !== undefined) throw new EvaluationInterrupted('another mutation of this round stopped');
    };
    const parentRuns = plans.map((p) => (p.standIn ? Promise.resolve(p.standIn) : evaluate('minibatch-parent', p.parent.texts, p.minibatch, p.at)));

    const attempt = async (p: MutationPlan<Trace>, j: number): Promise<MutationOutcome<Trace>> => {
      const parentResults = await parentRuns[j]!;
      const reflectOn = p.recorded?.map((r) => r.result) ?? parentResults;
      const parentScores = p.standIn ? 'recorded' : p.recorded ? 'evaluated-reflecting-recorded' : 'evaluated';
      const before = parentResults.map((r) => r.score);
      // nothing to learn from a perfect minibatch; GEPA skips it too
      if (before.every((s) => s >= perfect)) return { kind: 'skipped' };
      await choosing.reach(j);
      const chosen = chooser.choose(p.parent, components, config.reflector.blame(p.parent.texts, reflectOn));
      choosing.pass(j);
      const proposals: Record<string, Proposal> = {};
      for (const component of chosen) {
        const dataset = config.reflector.reflectiveDataset(p.parent.texts, component, reflectOn);
        proposals[component] = await config.proposer.propose({
          iteration: p.at,
          component,
          texts: p.parent.texts,
          dataset,
          seed: deriveSeed(config.seed, 'proposal', p.at, component),
        });
      }
      await issuing.reach(j);
      stopIfFailed();
      journal.proposalMade({
        iteration: p.at,
        kind: 'mutation',
        parents: [p.parent.id],
        components: chosen,
        proposer: config.proposer.id,
        proposal: proposals,
        minibatch: p.minibatch,
        parentScores,
      });
      const reject = (reason: string, after: number[] | null = null): MutationOutcome<Trace> => ({ kind: 'rejected', before, after, reason });
      const changed = Object.entries(proposals).flatMap(([c, pr]) => (pr.ok && pr.text !== p.parent.texts[c] ? [[c, pr.text] as const] : []));
      if (changed.length === 0) {
        const refusals = Object.entries(proposals).flatMap(([c, pr]) => (pr.ok ? [] : [`${c}: ${pr.reason}`]));
        return reject(refusals.length > 0 ? `proposer gave no new text (${refusals.join('; ')})` : 'the proposed texts equal the current ones');
      }
      // The gate judges each description on its own: a refused one keeps the parent's text and the rest of the
      // child goes on, so one flagged tool does not cost the other tools' edits the parent's minibatch bought.
      const refusals = changed.flatMap(([c, text]) => {
        const verdict = config.gate?.(p.parent.texts, { ...p.parent.texts, [c]: text }, { results: reflectOn });
        return verdict === undefined ? [] : [`${c} ${GATE_REASON_PREFIX}${verdict.rule}`];
      });
      const passed = changed.filter(([c]) => !refusals.some((r) => r.startsWith(`${c} `)));
      if (passed.length === 0) return reject(refusals.join('; '));
      const held = refusals.length === 0 ? '' : ` (${GATE_HELD_BACK}${refusals.join('; ')})`;
      const texts: Texts = { ...p.parent.texts, ...Object.fromEntries(passed) };
      if (!budget.canAfford(p.minibatch.length)) return reject(`not enough budget left to try the child${held}`);
      const childRun = evaluate('minibatch-child', texts, p.minibatch, p.at);
      issuing.pass(j);
      const after = (await childRun).map((r) => r.score);
      const verdict = acceptance.judge(before, after);
      if (!verdict.accepted) return reject(`${verdict.reason}${held}`, after);
      await issuing.reach(size + j);
      stopIfFailed();
      if (!budget.canAfford(config.valTaskIds.length)) return reject(`${verdict.reason}, but not enough budget is left to validate it${held}`, after);
      const valRun = evaluate('val', texts, config.valTaskIds, p.at);
      issuing.pass(size + j);
      return { kind: 'accepted', texts, parent: p.parent, before, after, reason: `${verdict.reason}${held}`, val: await valRun };
    };

    const settled = await Promise.allSettled(
      plans.map((p, j) =>
        attempt(p, j)
          .catch((error: unknown) => {
            firstError ??= { error };
            throw error;
          })
          .finally(() => {
            choosing.pass(j);
            issuing.pass(j);
            issuing.pass(size + j);
          }),
      ),
    );
    // Outcomes join the search in iteration order, up to the first mutation that did not finish.
    for (const [j, outcome] of settled.entries()) {
      if (outcome.status === 'rejected') throw firstError!.error;
      settle(plans[j]!, outcome.value);
    }
  }

  function settle({ at, minibatch }: MutationPlan<Trace>, outcome: MutationOutcome<Trace>): void {
    if (outcome.kind === 'skipped') {
      for (const id of minibatch) solvedInARow.add(id);
      solvedEpisodesInARow += minibatch.length;
    } else {
      solvedInARow.clear();
      solvedEpisodesInARow = 0;
    }
    if (outcome.kind !== 'accepted') {
      sinceImprovement++;
      if (outcome.kind === 'rejected') {
        const { before, after, reason } = outcome;
        journal.proposalJudged(at, { scoresBefore: before, scoresAfter: after, accepted: false, reason, child: null });
      }
      return;
    }
    const child = addCandidate(outcome.texts, [outcome.parent.id], 'mutation', outcome.val, at);
    journal.proposalJudged(at, { scoresBefore: outcome.before, scoresAfter: outcome.after, accepted: true, reason: outcome.reason, child: child.id });
  }

  let stopReason = 'budget spent';
  let interrupted = false;
  try {
    addCandidate(config.seedTexts, [], 'seed', await evaluate('val', config.seedTexts, config.valTaskIds));
    for (;;) {
      if (!budget.canAfford(2 * batchCalls)) break;
      // Scores are at most 1: nothing can beat a candidate perfect on every validation task, so the rest of
      // the budget would buy nothing.
      if (objective.score(best()) >= 1 - 1e-12) {
        stopReason = PERFECT;
        break;
      }
      if (solvedEpisodesInARow >= SOLVED_EPISODES_IN_A_ROW && config.trainTaskIds.every((id) => solvedInARow.has(id))) {
        stopReason = TRAIN_SOLVED;
        break;
      }
      const stop = (config.stops ?? []).map((s) => s.check({ iteration, budgetUsed: budget.used, sinceImprovement })).find((r) => r !== undefined);
      if (stop !== undefined) {
        stopReason = stop;
        break;
      }
      iteration++;
      if (config.merge && mergesDue > 0 && (await tryMerge(config.merge))) continue;
      // a round never plans more mutations than the budget can try
      await mutationRound(Math.max(1, Math.min(parallel, Math.floor(budget.remaining / (2 * batchCalls)))));
    }
  } catch (err) {
    if (!(err instanceof EvaluationInterrupted)) throw err;
    stopReason = 'interrupted';
    interrupted = true;
  }
  if (pool.length === 0) throw new EvaluationInterrupted('interrupted before the seed was validated');
  return { pool, best: best(), budgetUsed: budget.used, stopReason, interrupted, iterations: iteration, nextOrdinal: ordinal, history };
}
