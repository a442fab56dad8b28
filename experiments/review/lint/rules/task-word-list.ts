import { trimTrailing } from '../../../../src/index.ts';
import type { LintRule } from '../lint-rule.ts';
import type { LintedDescription } from '../linted-description.ts';
import { KEYWORD_LIST_LABEL, VALUE_LIST_LABEL } from '../patterns.ts';
import { labelledList, sentencesOf } from '../sentences.ts';

/** Keyword lists need this many words; lists of values under an "Accepts:"-style label or no label, this many. */
const MIN_KEYWORD_WORDS = 2;
const MIN_LISTED_WORDS = 3;
/** Words this short are codes (units, currencies, formats: "km", "eur", "csv"): values of a kind, not request words. */
const MAX_CODE_LENGTH = 3;
const SINGLE_WORD = /^\p{L}[\p{L}'’-]*$/u;
/** Plural nouns ("images, videos, documents") name kinds of thing; request words are mostly singular, verbs and names. */
const PLURAL = /[^su]s$|[^aeiou]es$/i;
const NOT_PLURAL = /(?:ss|us|is)$/i;

/**
 * task-word-list. A reviewer reads "Use it for: look, road, trip, log, pull, grandma, pancake, recipe." as a
 * keyword dump: words lifted from the requests the tool happened to meet, which route those requests to it
 * and say nothing about what it does. People describing kinds of task write phrases and join them ("add,
 * subtract, multiply or divide"; "Length: mm (millimetres), cm (centimetres), ..."). The rule looks at one
 * sentence at a time and fires when all of it after an optional "Label:" is a bare comma-separated list of
 * single words, with no "and"/"or" and no word carrying a note, number or file extension, and
 *  - the label asks for uses or keywords ("Use it for:", "Not for:", "Good for:", "Keywords:"), with 2+ words;
 *  - or the label lists values ("Accepts:", "Supports:", "Handles:") or there is no label, with 3+ words,
 *    most of them not plural nouns (a list of plurals, "images, videos, documents", names kinds);
 *  - and in either case most words are longer than codes: "mm, cm, km, mi" or "usd, eur, gbp" are values.
 * Any other label ("Genres: action, comedy, drama") names the category its values belong to, and is left alone.
 */
export function taskWordLists(text: string): Array<{ phrase: string; words: string[] }> {
  const found: Array<{ phrase: string; words: string[] }> = [];
  for (const sentence of sentencesOf(text)) {
    const body = trimTrailing(sentence, '.!?;').trim();
    const labelled = labelledList(body);
    const label = labelled?.label.trim();
    // the list is trimmed at both ends, so these are the items of .split(/\s*,\s*/), which read each run of spaces to its end at each of its characters
    const words = (labelled?.list ?? body).split(',').map((w) => w.trim());
    if (words.length < MIN_KEYWORD_WORDS || !words.every((w) => SINGLE_WORD.test(w)) || words.some((w) => /^(?:and|or)$/i.test(w))) continue;
    const kind = label === undefined ? 'bare' : KEYWORD_LIST_LABEL.test(label) ? 'keywords' : VALUE_LIST_LABEL.test(label) ? 'values' : undefined;
    if (kind === undefined) continue;
    const codes = words.filter((w) => w.length <= MAX_CODE_LENGTH).length;
    if (2 * codes >= words.length) continue;
    if (kind !== 'keywords') {
      const plurals = words.filter((w) => PLURAL.test(w) && !NOT_PLURAL.test(w)).length;
      if (words.length < MIN_LISTED_WORDS || 2 * plurals > words.length) continue;
    }
    found.push({ phrase: body, words });
  }
  return found;
}

/** The description's task-word lists, read once for this rule and search-keyword-stuffing, which leaves them to it. */
export const taskWordListsIn = ({ text }: LintedDescription) => taskWordLists(text);

function preview(words: readonly string[], shown = 5): string {
  return words.length <= shown ? words.join(', ') : `${words.slice(0, shown).join(', ')}, ... ${words.length - shown} more`;
}

export const taskWordList = {
  id: 'task-word-list',
  severity: 'warning',
  reported: 'the whole',
  gate: 'no bare lists of words taken from requests: name the kinds of task the tool does',
  check: (description) =>
    description.reading(taskWordListsIn).map((list) => ({
      message: `a bare list of ${list.words.length} words taken from requests (${preview(list.words)}) instead of the kinds of task the tool does`,
      phrase: list.phrase,
    })),
} as const satisfies LintRule;
