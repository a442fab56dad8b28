import { terms } from './words.ts';

/**
 * The share of a request's content words (stemmed, stop words, numbers and single letters left out; each word
 * counted once) that occur in a description's: how much of the request's wording the description already holds.
 * A request written after a description scores high, one written in a user's own words low; the suite check
 * reports it per task (src/suite-check/wording.ts). Null when the request has no content word to compare.
 */
export function wordOverlap(request: string, description: string): number | null {
  const asked = new Set(terms(request));
  if (asked.size === 0) return null;
  const described = new Set(terms(description));
  let shared = 0;
  for (const term of asked) if (described.has(term)) shared++;
  return shared / asked.size;
}
