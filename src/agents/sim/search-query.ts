import type { SearchingMode } from '../../host/tool-search/search.ts';
import { literalPattern } from '../../host/tool-search/regex.ts';
import type { PlanStep } from '../../suite/schema.ts';
import { contentWords } from '../../text/words.ts';

/**
 * What the sim types into the tool search at a step: the intent's content words, the words its choice
 * model reads (rank.ts). A BM25 search takes them as they are; a regex search takes the step's own
 * `searchPattern` when the suite gives one, else any of the words, ignoring case. An intent with no
 * content word is searched for as written.
 */
export function simSearchQuery(step: Pick<PlanStep, 'intent' | 'searchPattern'>, mode: SearchingMode): string {
  const found = contentWords(step.intent);
  if (mode === 'bm25') return found.length === 0 ? step.intent : found.join(' ');
  if (step.searchPattern !== undefined) return step.searchPattern;
  // content words are letters and digits only, so they need no escaping
  return found.length === 0 ? literalPattern(step.intent) : `(?i)(${[...new Set(found)].join('|')})`;
}
