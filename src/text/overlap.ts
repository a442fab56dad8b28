// How much of a text's wording a reference text already holds: the share of the text's distinct content words
// (stemmed; stop words, numbers and single letters left out, as the lexical matchers read them: words.ts) that
// the reference also uses. A task worded like the description it tests rewards descriptions that repeat the
// task's words: the suite check reports it per task (src/suite-check/wording.ts) and drafted paraphrase tasks are
// held under a bound of it (src/suite-draft/).
import { terms } from './words.ts';

export interface WordOverlap {
  /** the text's distinct content words also in the reference, over its distinct content words; null when it has none to compare */
  share: number | null;
  /** those shared words, stemmed, in the text's order */
  shared: string[];
}

export function wordOverlap(text: string, reference: string): WordOverlap {
  const own = [...new Set(terms(text))];
  if (own.length === 0) return { share: null, shared: [] };
  const theirs = new Set(terms(reference));
  const shared = own.filter((t) => theirs.has(t));
  return { share: shared.length / own.length, shared };
}
