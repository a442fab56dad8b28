import type { Catalogue, JsonSchema } from '../catalogue-types.ts';
import { SEARCH_MODES, type SearchingMode } from './search-modes.ts';

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
  const { queryDescription, matching } = SEARCH_MODES[mode];
  return {
    name,
    description:
      `Searches the tools this host can offer you; none is available until a search finds it. Returns up to ${k} tools whose name, description, ` +
      `argument names or argument descriptions match the query, best first, and makes them available to call for the rest of the conversation. ` +
      matching,
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: queryDescription } }, required: ['query'] },
  };
}
