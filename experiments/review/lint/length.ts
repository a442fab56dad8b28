/**
 * excessive-length. Every listed tool's description is sent with every request, so length costs; but the
 * tokens of an enumeration of accepted values ("Length: mm (millimetres), cm (centimetres), ...") are what a
 * model needs to fill the arguments, not verbosity. Prose and enumerations are budgeted apart.
 *
 * The budgets were read off real descriptions (o200k_base tokens, checked by
 * test/experiments/review/lint/lint.calibration.test.ts): the 152 careful descriptions
 * (test/fixtures/*-accurate-descriptions.json, experiments/shipped/suites/*.careful.json) run to 129 tokens of prose (p50 34,
 * p95 57, p99 108), what the captured servers and benchmarks of experiments/shipped/catalogs/ ship to 132 (taskmanager's two
 * workflow manuals aside), the tool-preferences originals to 41 and their example-carrying rewrites to 181, while 358
 * of Faghih et al.'s 360 "increaseLength" rewrites have over 200 tokens of prose. The only careful text with an
 * enumeration, unit_convert in test/fixtures/lab-accurate-descriptions.json, is 218 tokens in all: its unit lists take
 * about half. The whole is capped at twice the prose budget, so no list of values grows without end.
 */
import { countDescriptionTokens } from '../../../traces/index.ts';
import { labelledList, sentencesOf } from './sentences.ts';

/** More prose than this is flagged: above every careful description people wrote, below the padded rewrites. */
export const MAX_PROSE_TOKENS = 200;
/** More than this in all, enumerations included, is flagged. */
export const MAX_DESCRIPTION_TOKENS = 2 * MAX_PROSE_TOKENS;

/** An enumeration lists at least this many values, each of at most this many words (a code and its gloss). */
const MIN_VALUES = 3;
const MAX_VALUE_WORDS = 4;

/** The items of a list split at its commas, those inside brackets left alone: "m (metres, meters)" is one value. */
function topLevelItems(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let item = '';
  for (const char of list) {
    if (char === '(' || char === '[') depth++;
    if ((char === ')' || char === ']') && depth > 0) depth--;
    if (char === ',' && depth === 0) {
      items.push(item.trim());
      item = '';
    } else item += char;
  }
  return [...items, item.trim()];
}

/** The sentences that enumerate values under a label: "Mass: mg (milligrams), g (grams), kg (kilograms)." */
export function enumerations(text: string): string[] {
  return sentencesOf(text).filter((sentence) => {
    const labelled = labelledList(sentence.replace(/[.;]$/, ''));
    if (labelled === undefined) return false;
    const items = topLevelItems(labelled.list);
    return items.length >= MIN_VALUES && items.every((item) => item !== '' && item.split(/\s+/).length <= MAX_VALUE_WORDS);
  });
}

const tokensOf = (text: string): number => countDescriptionTokens({ text });

export interface DescriptionLength {
  /** all tokens */
  total: number;
  /** tokens outside enumerations of values */
  prose: number;
}

export function descriptionLength(text: string): DescriptionLength {
  const total = tokensOf(text);
  return { total, prose: total - enumerations(text).reduce((sum, sentence) => sum + tokensOf(sentence), 0) };
}

/** Why a description is too long, or undefined when it is not. */
export function lengthProblem(text: string): string | undefined {
  const { total, prose } = descriptionLength(text);
  if (prose > MAX_PROSE_TOKENS) return `${prose} tokens of prose (over ${MAX_PROSE_TOKENS}), sent with every request`;
  if (total > MAX_DESCRIPTION_TOKENS) return `${total} tokens (over ${MAX_DESCRIPTION_TOKENS}, lists of values included), sent with every request`;
  return undefined;
}
