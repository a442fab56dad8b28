import type { Catalogue, JsonSchema } from '../catalogue-types.ts';
import { MAX_PATTERN_LENGTH } from './regex.ts';
import type { SearchingMode } from './search.ts';

/** The one tool an agent starts with under deferred loading. */
export interface SearchToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

const SEARCH_TOOL_NAME = 'tool_search';

/**
 * The search tool as the agent sees it, named `tool_search` unless a catalogue tool already has that name
 * (then `tool_search_2`, ...), so no server's tool is hidden behind it.
 */
export function searchToolDefinition(catalogue: Catalogue, mode: SearchingMode, k: number): SearchToolDefinition {
  const taken = new Set(catalogue.tools.map((t) => t.name));
  let name = SEARCH_TOOL_NAME;
  for (let i = 2; taken.has(name); i++) name = `${SEARCH_TOOL_NAME}_${i}`;
  const query =
    mode === 'bm25'
      ? 'Words describing what you need done.'
      : `A regular expression (RE2 syntax, at most ${MAX_PATTERN_LENGTH} characters); start it with (?i) to ignore case.`;
  return {
    name,
    description:
      `Searches the tools this host can offer you; none is available until a search finds it. Returns up to ${k} tools whose name, description, ` +
      `argument names or argument descriptions match the query, best first, and makes them available to call for the rest of the conversation. ` +
      (mode === 'bm25' ? 'The query is ranked by keywords (BM25).' : 'The query is a regular expression matched against those texts.'),
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: query } }, required: ['query'] },
  };
}
