import { statesLimit } from '../../../../src/index.ts';
import type { EditOperator } from '../edit-operator.ts';
import { replaceSentence, sentences } from '../sentences.ts';

/** Tightens the text by dropping one sentence other than the first and other than one that states a limit. */
export const shorten: EditOperator = {
  name: 'shorten',
  kind: 'tighten',
  apply(ctx) {
    const parts = sentences(ctx.text);
    const droppable = parts.map((s, i) => i).filter((i) => i > 0 && !statesLimit(parts[i]!, ctx.siblings));
    if (droppable.length === 0) return undefined;
    const i = ctx.rng.pick(droppable);
    return { text: replaceSentence(ctx.text, i, ''), change: `- ${parts[i]}` };
  },
};
