import { SEARCH_MODES, type SearchingMode } from './search-modes.ts';

/** How the host offers tools: all of them (`off`), or only a search tool and what its searches load (docs/tool-search.md). */
export const TOOL_SEARCH_MODES = ['off', ...(Object.keys(SEARCH_MODES) as SearchingMode[])] as const;
export type ToolSearchMode = (typeof TOOL_SEARCH_MODES)[number];

/** Tools a search returns; the published hosts return 3-5 per search. */
export const DEFAULT_TOOL_SEARCH_K = 5;
/** The most a search may return: beyond it deferral would offer most of a catalogue again. */
export const MAX_TOOL_SEARCH_K = 50;
