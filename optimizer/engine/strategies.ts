// The engine's small swappable strategies: which component to rewrite, when to accept (when to stop: stoppers.ts).
import type { Candidate } from './types.ts';

export interface ComponentChooser {
  readonly name: string;
  /** The components to rewrite. `blame`: how much each is implicated in the parent's minibatch failures. */
  choose(parent: Candidate, components: readonly string[], blame: Record<string, number>): string[];
}

/** Each candidate cycles through its components in order (GEPA's default). */
export function roundRobin(): ComponentChooser {
  const next = new Map<number, number>();
  return {
    name: 'round-robin',
    choose(parent, components) {
      const i = next.get(parent.id) ?? 0;
      next.set(parent.id, i + 1);
      return [components[i % components.length]!];
    },
  };
}

/**
 * Every component implicated in a failure (GEPA can rewrite several at once), so a task that failed at
 * two tools can be fixed by one proposal; with no failure to blame, round-robin.
 */
export function failureAttribution(): ComponentChooser {
  const fallback = roundRobin();
  return {
    name: 'attribution',
    choose(parent, components, blame) {
      const implicated = components.filter((c) => (blame[c] ?? 0) > 0);
      return implicated.length > 0 ? implicated : fallback.choose(parent, components, blame);
    },
  };
}

/** The parent's and the child's costs (a CostOf each), when the search weighs one. */
export interface Costs {
  parent: number;
  child: number;
}

export interface AcceptanceRule {
  readonly name: string;
  judge(before: readonly number[], after: readonly number[], costs?: Costs): { accepted: boolean; reason: string };
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** Keep a child only when its minibatch total is strictly higher than its parent's on the same tasks. */
export const strictImprovement: AcceptanceRule = {
  name: 'strict-improvement',
  judge(before, after) {
    const b = sum(before);
    const a = sum(after);
    return a > b
      ? { accepted: true, reason: `minibatch score rose from ${b} to ${a}` }
      : { accepted: false, reason: `minibatch score ${a} is not above the parent's ${b}` };
  },
};

/**
 * Strict improvement, or an equal minibatch total at a strictly lower cost: a child as good as its parent and
 * cheaper (shorter, say) is kept. Without costs it is strictImprovement.
 */
export const improvementOrCheaper: AcceptanceRule = {
  name: 'improvement-or-cheaper',
  judge(before, after, costs) {
    const verdict = strictImprovement.judge(before, after);
    if (verdict.accepted || costs === undefined || sum(after) !== sum(before) || costs.child >= costs.parent) return verdict;
    return { accepted: true, reason: `minibatch score held at ${sum(after)} and the cost fell from ${costs.parent} to ${costs.child}` };
  },
};
