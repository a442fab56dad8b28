import type { CatalogueTool } from '../../catalogue/catalogue-types.ts';
import { labelMatches } from '../../checks/tool-labels.ts';
import type { RankedTool, ScoreParts } from './rank.ts';

/**
 * Where a plan step's labelled tool stood in one decision, recorded beside the top candidates so that
 * `tdo traces show` can say why it lost. `rank` is 1 for the chosen tool; every field but `label` is null
 * when no candidate matches the label (another server's tool while the sim is pinned to a server).
 */
export interface LabelledCandidate {
  label: string;
  name: string | null;
  rank: number | null;
  score: number | null;
  parts: ScoreParts | null;
}

/** Each label's candidates in ranked order; read only after the choice was made, never to make it. */
export function labelledCandidates(ranked: readonly RankedTool[], tools: readonly CatalogueTool[], labels: readonly string[]): LabelledCandidate[] {
  return labels.flatMap((label): LabelledCandidate[] => {
    const matches = ranked.flatMap((candidate, index): LabelledCandidate[] => {
      const tool = tools.find((t) => t.name === candidate.name);
      if (tool === undefined || !labelMatches(label, tool.server, tool.tool)) return [];
      return [{ label, name: candidate.name, rank: index + 1, score: candidate.score, parts: candidate.parts }];
    });
    return matches.length > 0 ? matches : [{ label, name: null, rank: null, score: null, parts: null }];
  });
}

/** The labels no loaded tool matches: under deferred loading, the labelled tools no search of the episode has found. */
export function unfoundLabels(loaded: readonly CatalogueTool[], labels: readonly string[]): string[] {
  return labels.filter((label) => !loaded.some((tool) => labelMatches(label, tool.server, tool.tool)));
}
