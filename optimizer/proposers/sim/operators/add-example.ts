import { terms, trimTrailing } from '../../../../src/index.ts';
import { TRUNCATION_MARK, type EpisodeView, type ReflectionCall } from '../../../adapter/reflection.ts';
import { showsArguments, stringValues } from '../call-arguments.ts';
import type { EditOperator } from '../edit-operator.ts';
import { ownCalls } from '../own-calls.ts';
import { isExampleSentence } from '../sentence-forms.ts';
import { setSentence } from '../sentences.ts';
import { taskCounts } from '../task-counts.ts';

/** Results longer than this are content, not an example's answer. */
const MAX_EXAMPLE_OUTPUT = 40;

/** The stemmed words of a call's string arguments and answer (numbers are not words). */
function callTerms(c: ReflectionCall): string[] {
  return terms([...stringValues(c.args), c.output].join('\n'));
}

/**
 * The calls of this tool that worked whose every word came up in calls of two tasks or more. A value only one
 * request used ("cm" of one conversion) ties the example to that request, as a word of one request would
 * (recurring, describe-use.ts); a call of numbers alone always qualifies.
 */
function generalCalls(views: readonly EpisodeView[]): ReflectionCall[] {
  const calls = views.flatMap((v) => ownCalls([v], false).map((call) => ({ call, task: v.task, terms: callTerms(call) })));
  const counts = taskCounts(calls.flatMap(({ task, terms }) => terms.map((t) => [t, task] as const)));
  return calls.filter(({ terms }) => terms.every((t) => counts.get(t)! >= 2)).map(({ call }) => call);
}

/** A short answer of one line, whole, that says something: not empty, not an empty list or object. */
function showsResult(output: string): boolean {
  const answer = output.trim();
  if (answer.includes('\n') || answer.endsWith(TRUNCATION_MARK) || answer.length > MAX_EXAMPLE_OUTPUT) return false;
  return trimTrailing(answer, '.') !== '' && !/^(?:\[\s*\]|\{\s*\}|""|null)$/.test(answer);
}

/**
 * A worked example from a call of this tool that was executed and worked, with arguments and a short answer;
 * it replaces an older one.
 */
export const addExample: EditOperator = {
  name: 'add-example',
  kind: 'example',
  apply(ctx) {
    const examples = [
      ...new Set(
        generalCalls(ctx.views)
          .filter((c) => showsArguments(c.args) && showsResult(c.output))
          .map((c) => `For example, ${c.args} returns ${trimTrailing(c.output.trim(), '.')}.`),
      ),
    ].filter((e) => !ctx.text.includes(e));
    if (examples.length === 0) return undefined;
    const example = ctx.rng.pick(examples);
    return { text: setSentence(ctx.text, isExampleSentence, example), change: `+ ${example}` };
  },
};
