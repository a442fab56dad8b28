// When two requests are worded nearly the same: one request asked twice (retyped, with a typo, a contraction,
// "please" added, its words reordered), which a draft merges into one task, rather than the same need said in
// other words, which it keeps apart as a paraphrase.
import { distance } from 'fastest-levenshtein';
import { terms, words } from '../../text/words.ts';

/**
 * The share of stemmed content words two requests share (Jaccard), at or above which they are one request:
 * requests are short (three to eight content words), and at 0.75 one word in four beyond those shared may differ
 * ("could you please convert 5 miles to km" and "convert 5 miles to km": 3 of 4), while a request said in other
 * words shares far fewer ("how far is 5 miles in kilometres": 1 of 5).
 */
export const SAME_TERMS = 0.75;

/**
 * The similarity of the lowercased words as one text (1 - Levenshtein distance / the longer length), at or above
 * which two requests are one: it catches what the stemmed words miss, a typo or contraction inside a word
 * ("what's 12 times 7" and "what is 12 times 7": 0.94), while 0.85 still parts two texts that differ in more than
 * about one character in seven.
 */
export const SAME_CHARACTERS = 0.85;

/** Whether two requests are one request worded nearly the same (either measure above its threshold). */
export function nearlySameWording(a: string, b: string): boolean {
  return sharedTerms(a, b) >= SAME_TERMS || characterSimilarity(a, b) >= SAME_CHARACTERS;
}

/** Jaccard similarity of the two texts' stemmed content words; 0 when neither has any. */
export function sharedTerms(a: string, b: string): number {
  const left = new Set(terms(a));
  const right = new Set(terms(b));
  const union = new Set([...left, ...right]).size;
  if (union === 0) return 0;
  return [...left].filter((term) => right.has(term)).length / union;
}

/** 1 - the Levenshtein distance of the texts' lowercased words joined by spaces, over the longer one's length. */
export function characterSimilarity(a: string, b: string): number {
  const left = words(a).join(' ');
  const right = words(b).join(' ');
  const longer = Math.max(left.length, right.length);
  return longer === 0 ? 1 : 1 - distance(left, right) / longer;
}
