import { SCORE } from '../../src/index.ts';
import type { MeasuredEpisode } from './measured-episodes.ts';
import { wilson, type Proportion } from '../../src/index.ts';

/** What deferred loading changed in a set of judged episodes (docs/tool-search.md); each null when none ran under a tool search. */
export interface DeferredLoading {
  /** labelled plan steps whose tool some search of the episode returned, over all labelled steps (Wilson interval, steps taken as independent) */
  foundAtK: Proportion | null;
  /** description tokens the agent was given per episode: the search tool's and the loaded tools' */
  loadedTokensPerEpisode: number | null;
  /** the same had every tool been listed */
  allToolsTokens: number | null;
}

export function deferredLoading(facts: readonly MeasuredEpisode[]): DeferredLoading {
  const searched = facts.filter((e) => e.scores.has(SCORE.loadedTokens));
  if (searched.length === 0) return { foundAtK: null, loadedTokensPerEpisode: null, allToolsTokens: null };
  const sum = (name: string) => searched.reduce((total, e) => total + (e.scores.get(name) ?? 0), 0);
  return {
    foundAtK: wilson(sum(SCORE.labelledStepsFound), sum(SCORE.labelledSteps)),
    loadedTokensPerEpisode: sum(SCORE.loadedTokens) / searched.length,
    allToolsTokens: sum(SCORE.allToolsTokens) / searched.length,
  };
}
