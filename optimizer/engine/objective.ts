// What "best" means over a candidate's validation scores. By default the mean; when the validation ids
// fall into groups (e.g. (task, agent) pairs grouped by agent), the mean of the group means or the worst
// group's mean, so a winner can be asked to hold for every group rather than on average.
import type { Candidate } from './types.ts';

export interface Objective {
  readonly name: string;
  score(candidate: Pick<Candidate, 'valScores' | 'valMean'>): number;
}

/** The mean over every validation id (the candidate's valMean). */
export const meanObjective: Objective = { name: 'mean', score: (c) => c.valMean };

/** Which group an id belongs to. */
export type GroupOf = (id: string) => string;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Each group's mean validation score, groups in the order their first id appears. */
export function groupMeans(valScores: Readonly<Record<string, number>>, groupOf: GroupOf): Map<string, number> {
  const scores = new Map<string, number[]>();
  for (const [id, score] of Object.entries(valScores)) {
    const group = groupOf(id);
    scores.set(group, [...(scores.get(group) ?? []), score]);
  }
  return new Map([...scores].map(([group, xs]) => [group, mean(xs)]));
}

/** The mean of the groups' means: every group weighs the same, however many ids it has. */
export function meanOfGroups(groupOf: GroupOf): Objective {
  return { name: 'mean', score: (c) => mean([...groupMeans(c.valScores, groupOf).values()]) };
}

/** The worst group's mean: a candidate is only as good as it is for the group it serves worst. */
export function worstGroup(groupOf: GroupOf): Objective {
  return { name: 'worst', score: (c) => Math.min(...groupMeans(c.valScores, groupOf).values()) };
}
