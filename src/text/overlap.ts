// How much of a text's wording a reference text already holds: the share of the text's distinct content words
// (stemmed, stop words removed, as the lexical matchers read them: words.ts) that the reference also uses. A
// task worded like the description it tests rewards descriptions that repeat the task's words (issue 54), so
// drafted paraphrase tasks are held under a bound of it (src/suite-draft/).
import { terms } from './words.ts';

export interface WordingOverlap {
  /** distinct content words of the text also in the reference, over the text's distinct content words; 0 for a text with none */
  share: number;
  /** those shared words, stemmed, in the text's order */
  shared: string[];
}

export function wordingOverlap(text: string, reference: string): WordingOverlap {
  const own = [...new Set(terms(text))];
  if (own.length === 0) return { share: 0, shared: [] };
  const theirs = new Set(terms(reference));
  const shared = own.filter((t) => theirs.has(t));
  return { share: shared.length / own.length, shared };
}
