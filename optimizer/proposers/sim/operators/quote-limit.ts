import escapeStringRegexp from 'escape-string-regexp';
import type { EditOperator } from '../edit-operator.ts';
import { ownCalls, wholeItems } from '../own-calls.ts';
import { appendSentence, sentences } from '../sentences.ts';

/** Error sentences longer than this are explanations, not limits worth quoting. */
const MAX_QUOTED_WORDS = 20;

/**
 * Quotes what the tool's own errors say it only takes or supports ("calculator only takes numbers and
 * + - * / ** ( )" becomes "It only takes numbers and + - * / ** ( )."): a short fragment in the tool's own
 * words, stated by the tool about itself.
 */
export const quoteLimit: EditOperator = {
  name: 'quote-limit',
  kind: 'not-for',
  apply(ctx) {
    const limits = ownCalls(ctx.views, true)
      .flatMap((c) => sentences(wholeItems(c.output)).map((s) => ({ s: s.trim(), tool: c.name })))
      .filter(({ s }) => /\b(?:only|must|expects?|at most|at least)\b/i.test(s) && s.split(/\s+/).length <= MAX_QUOTED_WORDS && !/'[^']*'/.test(s))
      .map(({ s, tool }) => `${s.replace(new RegExp(`^${escapeStringRegexp(tool)}\\b`), 'It').replace(/[.]?$/, '.')}`)
      .filter((s) => /^\p{Lu}/u.test(s) && !ctx.text.includes(s));
    if (limits.length === 0) return undefined;
    const sentence = ctx.rng.pick([...new Set(limits)]);
    return { text: appendSentence(ctx.text, sentence), change: `+ ${sentence}` };
  },
};
