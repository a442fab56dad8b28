import { proseList } from '../../../../src/index.ts';
import type { EditOperator } from '../edit-operator.ts';
import { ownCalls, wholeItems } from '../own-calls.ts';
import { appendSentence, sentences } from '../sentences.ts';

/** "<label>: a, b, c" at the end of a sentence: an enumeration of what a tool takes (units, options). */
const ENUMERATION = /^(.*?):\s*([^:]*)$/;
/** Fewer items, or longer ones, are prose ("expected number, received undefined"), not a list of values. */
const MIN_ENUMERATED = 3;
const MAX_ITEM_WORDS = 3;
const MAX_ACCEPTED_ITEMS = 30;

function enumeration(sentence: string): { label: string; items: string[] } | undefined {
  const m = ENUMERATION.exec(sentence.trim().replace(/[.]$/, ''));
  const items = m?.[2]?.split(/\s*[,;]\s*|\s+(?:and|or)\s+/).filter((i) => i !== '');
  if (m === null || items === undefined || items.length < MIN_ENUMERATED || items.some((i) => i.split(/\s+/).length > MAX_ITEM_WORDS)) return undefined;
  // File names are what the workspace holds today, not what the tool accepts.
  if (items.some((i) => /\.\w{1,5}$/.test(i))) return undefined;
  const label = m[1]!
    .trim()
    .split(/(?<=[.!?])\s+/)
    .at(-1)!;
  if (!/^\p{Lu}/u.test(label) || label.split(/\s+/).length > 6) return undefined;
  return { label, items: items.slice(0, MAX_ACCEPTED_ITEMS) };
}

/**
 * States what the tool's own errors enumerate as valid ("Supported length units: mm, cm, m and km."):
 * those are the values users ask it about, in the tool's words, which the terse description lacks.
 */
export const addAccepted: EditOperator = {
  name: 'add-accepted',
  kind: 'accepts',
  apply(ctx) {
    const found = ownCalls(ctx.views, true)
      .flatMap((c) => sentences(wholeItems(c.output)).flatMap((s) => s.split(/;\s*/)))
      .flatMap((s) => enumeration(s) ?? [])
      .map(({ label, items }) => `${label}: ${proseList(items)}.`)
      .filter((s) => !ctx.text.includes(s.split(':')[0]!));
    if (found.length === 0) return undefined;
    const sentence = ctx.rng.pick([...new Set(found)]);
    return { text: appendSentence(ctx.text, sentence), change: `+ ${sentence}` };
  },
};
