import { SCORE } from '../../src/index.ts';
import type { MeasuredEpisode } from './measured-episodes.ts';
import { wilson, type Proportion } from '../../src/index.ts';

/** What deferred loading changed in a set of judged episodes (docs/tool-search.md); each null when none ran under a tool search. */
export interface DeferredLoading {
  /** labelled plan steps whose tool some search of the episode returned, over all labelled steps (Wilson interval, steps taken as independent) */
  foundAtK: Proportion | null;
  /** labelled plan steps whose tool some search ranked first, over the same steps: found@1 */
  rankedFirst: Proportion | null;
  /** the mean over found steps of the best rank a search gave the step's tool (1 is the best); null when none was found */
  meanRankWhenFound: number | null;
  /** description tokens the agent was given per episode: the search tool's and the loaded tools' */
  loadedTokensPerEpisode: number | null;
  /** the same had every tool been listed */
  allToolsTokens: number | null;
}

export function deferredLoading(facts: readonly MeasuredEpisode[]): DeferredLoading {
  const searched = facts.filter((e) => e.scores.has(SCORE.loadedTokens));
  if (searched.length === 0) return { foundAtK: null, rankedFirst: null, meanRankWhenFound: null, loadedTokensPerEpisode: null, allToolsTokens: null };
  const sum = (name: string) => total(searched, name);
  return {
    foundAtK: wilson(sum(SCORE.labelledStepsFound), sum(SCORE.labelledSteps)),
    ...ranks(searched.filter((e) => e.scores.has(SCORE.labelledStepsRankSum))),
    loadedTokensPerEpisode: sum(SCORE.loadedTokens) / searched.length,
    allToolsTokens: sum(SCORE.allToolsTokens) / searched.length,
  };
}

const total = (episodes: readonly MeasuredEpisode[], name: string) => episodes.reduce((sum, e) => sum + (e.scores.get(name) ?? 0), 0);

/** The rank figures over the episodes that recorded ranks (a run recorded before ranks were scored has none). */
function ranks(ranked: readonly MeasuredEpisode[]): Pick<DeferredLoading, 'rankedFirst' | 'meanRankWhenFound'> {
  if (ranked.length === 0) return { rankedFirst: null, meanRankWhenFound: null };
  const sum = (name: string) => total(ranked, name);
  const found = sum(SCORE.labelledStepsFound);
  return {
    rankedFirst: wilson(sum(SCORE.labelledStepsRankedFirst), sum(SCORE.labelledSteps)),
    meanRankWhenFound: found === 0 ? null : sum(SCORE.labelledStepsRankSum) / found,
  };
}
