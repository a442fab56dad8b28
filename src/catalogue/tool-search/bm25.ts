import { bm25Scores, type Bm25Params } from '../../text/bm25.ts';
import { terms } from '../../text/words.ts';
import type { SearchFields } from './fields.ts';
import type { SearchMode } from './search-mode.ts';

/**
 * BM25's customary parameters (Robertson & Zaragoza 2009; Lucene's and Elasticsearch's defaults): k1 = 1.2
 * lets a repeated term count for less each time, b = 0.75 discounts long descriptions most of the way to
 * the catalogue's average length. The published host documents no values of its own.
 */
export const TOOL_SEARCH_BM25: Bm25Params = { k1: 1.2, b: 0.75 };

/** One document per tool: the terms (src/text/words.ts: identifier-split content words, Porter-stemmed) of every field, in one bag. */
export function bm25Document(fields: SearchFields): string[] {
  return [fields.name, fields.description, ...fields.argumentNames, ...fields.argumentDescriptions].flatMap(terms);
}

/**
 * Each tool's BM25 score for the query's terms, IDF over the catalogue (src/text/bm25.ts, the scorer the sim agent
 * uses). Built once per catalogue; a query scores every document.
 */
export function bm25Index(tools: readonly SearchFields[]): (query: string) => number[] {
  const documents = tools.map(bm25Document);
  return (query) => bm25Scores(terms(query), documents, TOOL_SEARCH_BM25);
}

/** `--tool-search bm25`: the query is words, ranked by keywords. A step is searched for by its intent's content words. */
export const bm25Mode: SearchMode = {
  index: bm25Index,
  queryDescription: 'Words describing what you need done.',
  matching: 'The query is ranked by keywords (BM25).',
  retryWith: 'other words',
  queryFor: ({ intent, words }) => (words.length === 0 ? intent : words.join(' ')),
};
