import type { EditOperator } from '../edit-operator.ts';
import { setSentence } from '../sentences.ts';
import { isUseSentence, readUseFor, useSentence } from '../use-for-sentence.ts';

/** Drops one job word from the use-for sentence: the search can undo a single word an earlier edit brought in. */
export const trimUse: EditOperator = {
  name: 'trim-use',
  kind: 'tighten',
  apply(ctx) {
    const current = readUseFor(ctx.text);
    const all = [...current.verbs, ...current.nouns];
    if (all.length === 0) return undefined;
    const word = ctx.rng.pick(all);
    const next = { ...current, verbs: current.verbs.filter((w) => w !== word), nouns: current.nouns.filter((w) => w !== word) };
    return { text: setSentence(ctx.text, isUseSentence, useSentence(next)), change: `use for - ${word}` };
  },
};
