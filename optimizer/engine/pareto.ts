// Pareto-front parent selection over per-task validation scores (GEPA, Agrawal et al. 2025, sec. 3).
import { meanObjective, type Objective } from './objective.ts';
import type { Candidate } from './types.ts';
import type { Rng } from './rng.ts';

/**
 * For each validation task that some candidate solves at all, the candidates with the best score on it.
 * Tasks nobody scores on distinguish no one and are left out.
 */
export function taskFronts(pool: readonly Candidate[]): Map<string, Set<number>> {
  const fronts = new Map<string, Set<number>>();
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
export function paretoFront(pool: readonly Candidate[]): number[] {
  const fronts = [...taskFronts(pool).values()];
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

/** The best validation score by the objective (the mean unless given); the earliest candidate on a tie. */
export function bestCandidate(pool: readonly Candidate[], objective: Objective = meanObjective): Candidate {
  return pool.reduce((best, c) => (objective.score(c) > objective.score(best) ? c : best));
}

/** GEPA's selector: a Pareto-front candidate, drawn in proportion to the number of tasks it is best on. */
export const paretoSelector: ParentSelector = {
  name: 'pareto',
  select(pool, rng) {
    const front = paretoFront(pool);
    if (front.length === 0) return bestCandidate(pool).id;
    const fronts = [...taskFronts(pool).values()];
    const wins = front.map((id) => fronts.filter((f) => f.has(id)).length);
    return front[rng.weightedIndex(wins)]!;
  },
};

/** Greedy: always the current best (hill climbing). */
export const bestSelector: ParentSelector = {
  name: 'best',
  select: (pool) => bestCandidate(pool).id,
};
