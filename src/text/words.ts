import { stemmer } from 'stemmer';
import { eng as englishStopwords } from 'stopword';

// stopword's English list is short; these common function words (and negation words, whose meaning
// limits.ts reads from the clause instead) are missing from it and would otherwise count as content.
const MISSING_FUNCTION_WORDS = [
  'its',
  'does',
  'doesn',
  'doing',
  'done',
  'not',
  'no',
  'nor',
  'cannot',
  'don',
  'isn',
  'aren',
  'won',
  'wasn',
  'will',
  'shall',
  'may',
  'when',
  'why',
  'whom',
  'whose',
  'onto',
  'upon',
  'via',
  'per',
  'us',
  'itself',
  'themselves',
  'just',
  'so',
];
const STOPWORDS = new Set([...englishStopwords, ...MISSING_FUNCTION_WORDS]);

/**
 * Lowercased word tokens. Identifiers are split into their words first (snake_case, camelCase,
 * dotted and dashed names, letter/digit boundaries), so `math.triangleArea2` gives math, triangle, area, 2.
 */
export function words(text: string): string[] {
  const spaced = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    // `HTTPServer` -> HTTP Server: a space after each capital followed by a capitalized word, found by looking
    // ahead only; `([A-Z]+)([A-Z][a-z])` retried every capital of a run to its end (320,000 capitals: 82 s).
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2');
  return spaced
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * Words that say what something is about: without English stop words, pure numbers and single letters.
 * In an intent numbers and letters are argument values ("base of 10 units"), in a tool name they are
 * suffixes, and neither says what a tool does.
 */
export function contentWords(text: string): string[] {
  return words(text).filter(isContentWord);
}

/** Whether a word (lowercased, as words() gives it) is one contentWords keeps. */
export function isContentWord(word: string): boolean {
  return word.length > 1 && !/^\p{N}+$/u.test(word) && !STOPWORDS.has(word);
}

/** The terms a lexical model matches on: content words, Porter-stemmed. */
export function terms(text: string): string[] {
  return contentWords(text).map((w) => stemmer(w));
}
