import type { Catalogue } from '../catalogue-types.ts';
import { searchFields } from './fields.ts';
import { SEARCH_MODES, type SearchingMode } from './search-modes.ts';

/** One tool a search returned: `rank` 1 is the best; `name` is its catalogue name. */
export interface SearchHit {
  rank: number;
  name: string;
  server: string;
  tool: string;
  score: number;
}

/** A search's answer: the top tools, or (a pattern the regex search refuses) why there are none. */
export type SearchAnswer = { hits: SearchHit[] } | { error: string };

/** Searches one catalogue: the index is built once per catalogue and mode, since a run hands every episode the same catalogue. */
export function toolIndex(catalogue: Catalogue, mode: SearchingMode): (query: string, k: number) => SearchAnswer {
  const byMode = indexes.get(catalogue) ?? new Map<SearchingMode, (query: string, k: number) => SearchAnswer>();
  indexes.set(catalogue, byMode);
  let index = byMode.get(mode);
  if (index === undefined) {
    index = buildIndex(catalogue, mode);
    byMode.set(mode, index);
  }
  return index;
}

const indexes = new WeakMap<Catalogue, Map<SearchingMode, (query: string, k: number) => SearchAnswer>>();

function buildIndex(catalogue: Catalogue, mode: SearchingMode): (query: string, k: number) => SearchAnswer {
  const fields = catalogue.tools.map(searchFields);
  const score = SEARCH_MODES[mode].index(fields);
  return (query, k) => {
    const scores = score(query);
    if (!Array.isArray(scores)) return { error: scores.problem };
    return { hits: topHits(catalogue, scores, k) };
  };
}

/** The k best-scoring tools with a score above 0, best first; ties keep catalogue order. */
function topHits(catalogue: Catalogue, scores: readonly number[], k: number): SearchHit[] {
  return catalogue.tools
    .map((tool, i) => ({ tool, score: scores[i] ?? 0, i }))
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, k)
    .map(({ tool, score }, i) => ({ rank: i + 1, name: tool.name, server: tool.server, tool: tool.tool, score }));
}
