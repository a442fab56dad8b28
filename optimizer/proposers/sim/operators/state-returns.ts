import type { EditOperator } from '../edit-operator.ts';
import { ownCalls } from '../own-calls.ts';
import { setSentence } from '../sentences.ts';

const isReturnsSentence = (sentence: string) => sentence.startsWith('It returns ');

/** What the successful calls returned, by form: a number, a number with a unit, or text. */
function returnsSentence(outputs: readonly string[]): string | undefined {
  if (outputs.length === 0) return undefined;
  const flat = outputs.map((o) => o.trim());
  if (flat.every((o) => /^[-+]?[\d.,]+(?:e[-+]?\d+)?$/i.test(o))) return 'It returns the result as a plain number.';
  if (flat.every((o) => /^[-+]?[\d.,]+(?:e[-+]?\d+)?\s*\p{L}[\p{L}°/]*$/iu.test(o))) return 'It returns a number followed by its unit.';
  if (flat.every((o) => /^[[{]/.test(o))) return 'It returns its result as JSON.';
  if (flat.every((o) => o.includes('\n'))) return 'It returns the text itself, line by line, without summarizing it.';
  return undefined;
}

/** Says what the tool returns, read off the calls that worked. */
export const stateReturns: EditOperator = {
  name: 'state-returns',
  kind: 'accepts',
  apply(ctx) {
    const sentence = returnsSentence(ownCalls(ctx.views, false).map((c) => c.output));
    if (sentence === undefined || ctx.text.includes(sentence)) return undefined;
    return { text: setSentence(ctx.text, isReturnsSentence, sentence), change: `+ ${sentence}` };
  },
};
