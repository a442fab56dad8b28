import { SEARCH_MODES, type SearchingMode } from '../../catalogue/tool-search/search-modes.ts';
import type { PlanStep } from '../../suite/schema.ts';
import { contentWords } from '../../text/words.ts';

/**
 * What the sim types into the tool search at a step: the intent's content words, the words its choice
 * model reads (rank.ts), put as the mode takes a query (its `queryFor`, src/catalogue/tool-search/search-mode.ts).
 */
export function simSearchQuery(step: Pick<PlanStep, 'intent' | 'searchPattern'>, mode: SearchingMode): string {
  return SEARCH_MODES[mode].queryFor({ intent: step.intent, words: contentWords(step.intent), searchPattern: step.searchPattern });
}
