// When the search stops: each condition is an object checked between iterations (GEPA's stoppers), the first
// that gives a reason ends the search with it.
import { existsSync } from 'node:fs';

/** What a stop condition may look at between iterations. */
export interface SearchProgress {
  iteration: number;
  budgetUsed: number;
  budgetRemaining: number;
  /** iterations since the best validation score last rose */
  sinceImprovement: number;
  /** the best candidate's score by the search's objective */
  bestScore: number;
  /** the train ids of the perfect minibatches since the last minibatch with a failure, and their episodes */
  solvedInARow: { ids: ReadonlySet<string>; episodes: number };
}

export interface StopCondition {
  /** A reason to stop now, or undefined to go on. */
  check(progress: SearchProgress): string | undefined;
}

/** The stop reason when the budget cannot pay for another iteration. */
export const BUDGET_SPENT = 'budget spent';

/** The stop reason when the evaluator was asked to stop (EvaluationInterrupted) mid-iteration. */
export const INTERRUPTED = 'interrupted';

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

/** Stops when fewer calls are left than one iteration may take. */
export function budgetSpent(callsPerIteration: number): StopCondition {
  return { check: (p) => (p.budgetRemaining < callsPerIteration ? BUDGET_SPENT : undefined) };
}

/** Scores are at most 1: nothing can beat a candidate perfect on every validation task, so the rest of the budget would buy nothing. */
export const perfectCandidate: StopCondition = { check: (p) => (p.bestScore >= 1 - 1e-12 ? PERFECT : undefined) };

export function trainSolved(trainIds: readonly string[]): StopCondition {
  return {
    check: ({ solvedInARow }) =>
      solvedInARow.episodes >= SOLVED_EPISODES_IN_A_ROW && trainIds.every((id) => solvedInARow.ids.has(id)) ? TRAIN_SOLVED : undefined,
  };
}

export function patience(iterations: number): StopCondition {
  return { check: (p) => (p.sinceImprovement >= iterations ? `no improvement in ${iterations} iterations` : undefined) };
}

/** Stops once the file exists: a way to end a long run cleanly from another terminal. */
export function stopFile(path: string): StopCondition {
  return { check: () => (existsSync(path) ? `stop file ${path} exists` : undefined) };
}

/** The first reason to stop, in the order given. */
export function firstStop(conditions: readonly StopCondition[], progress: SearchProgress): string | undefined {
  for (const condition of conditions) {
    const reason = condition.check(progress);
    if (reason !== undefined) return reason;
  }
  return undefined;
}
