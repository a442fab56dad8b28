import { bm25Mode } from './bm25.ts';
import { regexMode } from './regex.ts';
import type { SearchMode } from './search-mode.ts';

/** Every mode the search tool can run in, by the name `--tool-search` and suite files give it: a new mode is one entry. */
export const SEARCH_MODES = { bm25: bm25Mode, regex: regexMode } as const satisfies Record<string, SearchMode>;

/** A mode in which the agent searches (every one but `off`). */
export type SearchingMode = keyof typeof SEARCH_MODES;
