import type { SearchFields } from './fields.ts';

/** Each tool's score for one query (0: not found), in catalogue order, or why the query is refused. */
export type ToolScorer = (query: string) => number[] | { problem: string };

/**
 * One way the search tool matches a query against the tools (docs/tool-search.md): everything the host, the
 * search tool's text and the sim agent need of it. A mode is one file exporting one of these, listed in
 * SEARCH_MODES (search-modes.ts).
 */
export interface SearchMode {
  /** Builds the scorer of one catalogue's tools: called once per catalogue, then every query scores every tool. */
  index(tools: readonly SearchFields[]): ToolScorer;
  /** The search tool's `query` argument, as the agent reads it. */
  queryDescription: string;
  /** The search tool's closing sentence: how the query is matched. */
  matching: string;
  /** What to try when nothing matched: "Search again with ___." */
  retryWith: string;
  /**
   * The query a searcher who knows only what a step asks types: the content words of its intent (none when
   * it has none), or the pattern the suite gives for the step (`searchPattern`, docs/suites.md).
   */
  queryFor(step: { intent: string; words: readonly string[]; searchPattern?: string }): string;
}
