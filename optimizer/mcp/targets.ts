// What the search optimizes. Whatever the target, success and selection are measured beside it.
import type { CallFact, EpisodeFacts } from './facts.ts';

export const TARGET_NAMES = ['success', 'selection', 'feedback'] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export interface TargetScore {
  score: number;
  /** one or two sentences the reflection reads */
  feedback: string;
}

export interface Target {
  readonly name: TargetName;
  score(facts: EpisodeFacts): TargetScore;
}

/** Whether any tool of `server` was called in the episode. */
export function selected(facts: EpisodeFacts, server: string): boolean {
  return facts.calls.some((c) => c.server === server);
}

/**
 * The agent's choices of tool: every call except one made right after an error result, which is a retry
 * or a fallback the error forced (the sim agent's fallback, an LLM's second try), not a free choice.
 */
export function firstChoices(calls: readonly CallFact[]): CallFact[] {
  return calls.filter((_, i) => i === 0 || calls[i - 1]?.isError !== true);
}

/**
 * Selection, "how often the tool is chosen": the share of the agent's first choices
 * that went to `server`; 0 when it called no tool. First choices, not all calls: when the server's tool
 * fails and the agent falls back to another, the step still chose the server (a share of all calls would
 * cap such a step at 1/2 and let a tool gain selection by failing less, which is success, not selection).
 */
export function selectionShare(facts: EpisodeFacts, server: string): number {
  const choices = firstChoices(facts.calls);
  return choices.length === 0 ? 0 : choices.filter((c) => c.server === server).length / choices.length;
}

/** The measurements reported for every target: task success and the target server's selection share. */
export function episodeMetrics(facts: EpisodeFacts, server: string): Record<string, number> {
  return { success: facts.success ? 1 : 0, selection: selectionShare(facts, server) };
}

export function targetFor(name: TargetName, server: string): Target {
  switch (name) {
    case 'success':
      return { name, score: (f) => ({ score: f.success ? 1 : 0, feedback: f.feedback }) };
    case 'selection':
      return {
        name,
        score(f) {
          const share = selectionShare(f, server);
          const choices = firstChoices(f.calls);
          const others = [...new Set(choices.filter((c) => c.server !== server).map((c) => c.catalogueName))];
          if (share === 1) return { score: 1, feedback: `The agent chose ${server} for every step.` };
          if (share === 0) return { score: 0, feedback: `${server} was not chosen; the agent chose ${others.join(', ') || 'no tool'} instead.` };
          const mine = choices.filter((c) => c.server === server).length;
          return { score: share, feedback: `The agent chose ${server} for ${mine} of ${choices.length} steps; for the others it chose ${others.join(', ')}.` };
        },
      };
    case 'feedback':
      return {
        name,
        score(f) {
          const mine = f.ratings.filter((r) => f.calls.some((c) => c.server === server && (c.catalogueName === r.tool || c.tool === r.tool)));
          if (mine.length === 0) {
            return { score: 0, feedback: selected(f, server) ? `The agent used ${server} but did not rate it.` : `The agent did not use ${server}, so it did not rate it.` };
          }
          const mean = mine.reduce((s, r) => s + r.rating, 0) / mine.length;
          return {
            score: (mean - 1) / 4,
            feedback: mine.map((r) => `The agent rated ${r.tool} ${r.rating}/5${r.comment ? `: "${r.comment}"` : ''}.`).join(' '),
          };
        },
      };
  }
}
