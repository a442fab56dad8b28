// Pareto-front parent selection over per-task validation scores (GEPA, Agrawal et al. 2025, sec. 3).
import { meanObjective, type Objective } from './objective.ts';
import type { Candidate, Texts } from './types.ts';
import type { Rng } from './rng.ts';

/** A candidate's cost (what the search also minimizes, e.g. its texts' length); lower is better. */
export type CostOf = (texts: Texts) => number;

/**
 * For each validation task that some candidate solves at all, the candidates with the best score on it.
 * Tasks nobody scores on distinguish no one and are left out.
 */
export function taskFronts(pool: readonly Candidate[], cost?: CostOf): Map<string, Set<number>> {
  const fronts = new Map<string, Set<number>>();
  // the cost is one more objective: the cheapest candidates that score at all are best on it
  if (cost !== undefined)
    fronts.set(
      '\0cost',
      cheapest(
        pool.filter((c) => c.valMean > 0),
        cost,
      ),
    );
  const tasks = new Set(pool.flatMap((c) => Object.keys(c.valScores)));
  for (const task of tasks) {
    const best = Math.max(...pool.map((c) => c.valScores[task] ?? 0));
    if (best <= 0) continue;
    fronts.set(task, new Set(pool.filter((c) => (c.valScores[task] ?? 0) === best).map((c) => c.id)));
  }
  return fronts;
}

/**
 * The candidates that are best on at least one task, after removing dominated ones: weakest first, a
 * candidate goes when every task it is best on also has another remaining candidate that is best there.
 */
export function paretoFront(pool: readonly Candidate[], cost?: CostOf): number[] {
  const fronts = [...taskFronts(pool, cost).values()].filter((f) => f.size > 0);
  const onFront = new Set(fronts.flatMap((f) => [...f]));
  const remaining = new Set(onFront);
  const weakestFirst = pool.filter((c) => onFront.has(c.id)).sort((a, b) => a.valMean - b.valMean || b.id - a.id);
  for (const c of weakestFirst) {
    const mine = fronts.filter((f) => f.has(c.id));
    const covered = mine.every((f) => [...f].some((other) => other !== c.id && remaining.has(other)));
    if (covered && remaining.size > 1) remaining.delete(c.id);
  }
  return [...remaining].sort((a, b) => a - b);
}

/** How a parent is picked from the pool. */
export interface ParentSelector {
  readonly name: string;
  select(pool: readonly Candidate[], rng: Rng): number;
}

function cheapest(pool: readonly Candidate[], cost: CostOf): Set<number> {
  const costs = pool.map((c) => cost(c.texts));
  const least = Math.min(...costs);
  return new Set(pool.filter((_, i) => costs[i] === least).map((c) => c.id));
}

/** What else decides the best candidate beside the objective. */
export interface Ranking {
  /** breaks a tie of the objective: the cheaper candidate is better */
  cost?: CostOf;
  /** only these candidates can be best; when none is, the seed stands (EngineResult.bestAdmissible says so) */
  admissible?: (texts: Texts) => boolean;
}

/** The candidates that may be best: the admissible ones, or the seed alone when none is. */
export function eligible(pool: readonly Candidate[], admissible: Ranking['admissible']): readonly Candidate[] {
  if (admissible === undefined) return pool;
  const within = pool.filter((c) => admissible(c.texts));
  return within.length > 0 ? within : pool.slice(0, 1);
}

/**
 * The best validation score by the objective (the mean unless given) among the eligible candidates; on a tie
 * the cheaper one when a cost is given, else the earliest.
 */
export function bestCandidate(pool: readonly Candidate[], objective: Objective = meanObjective, ranking: Ranking = {}): Candidate {
  const { cost } = ranking;
  return eligible(pool, ranking.admissible).reduce((best, c) => {
    const gain = objective.score(c) - objective.score(best);
    return gain > 0 || (gain === 0 && cost !== undefined && cost(c.texts) < cost(best.texts)) ? c : best;
  });
}

/**
 * GEPA's selector: a Pareto-front candidate, drawn in proportion to the number of tasks it is best on; with a
 * cost, the cheapest candidates that score at all are on the front too, so shorter texts stay parents.
 */
export function paretoSelectorOver(cost?: CostOf): ParentSelector {
  return {
    name: 'pareto',
    select(pool, rng) {
      const front = paretoFront(pool, cost);
      if (front.length === 0) return bestCandidate(pool).id;
      const fronts = [...taskFronts(pool, cost).values()];
      const wins = front.map((id) => fronts.filter((f) => f.has(id)).length);
      return front[rng.weightedIndex(wins)]!;
    },
  };
}

export const paretoSelector: ParentSelector = paretoSelectorOver();

/** Greedy: always the current best (hill climbing). */
export const bestSelector: ParentSelector = {
  name: 'best',
  select: (pool) => bestCandidate(pool).id,
};
