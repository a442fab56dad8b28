import type { EditOperator } from '../edit-operator.ts';
import { jobWordCounts, ownSteps } from '../job-word-counts.ts';
import { setSentence } from '../sentences.ts';
import { isUseSentence, readUseFor, useSentence } from '../use-for-sentence.ts';

/**
 * Takes out of the use-for sentence the job words that the episodes tie to other tools' steps only (a word
 * in the request of a step the labels give to another tool and in none of this tool's here): a word that an
 * earlier minibatch tied to this tool but that these episodes tie to another's job.
 */
export const pruneUse: EditOperator = {
  name: 'prune-use',
  kind: 'tighten',
  apply(ctx) {
    const current = readUseFor(ctx.text);
    const mine = jobWordCounts(ownSteps(ctx.views));
    const theirs = jobWordCounts(ctx.views.flatMap((v) => v.steps.filter((s) => !s.forComponent).map((s) => ({ task: v.task, intent: s.intent }))));
    const stray = (w: string, own: ReadonlyMap<string, number>, other: ReadonlyMap<string, number>) => other.has(w) && !own.has(w);
    const verbs = current.verbs.filter((w) => !stray(w, mine.verbs, theirs.verbs));
    const nouns = current.nouns.filter((w) => !stray(w, mine.nouns, theirs.nouns));
    if (verbs.length === current.verbs.length && nouns.length === current.nouns.length) return undefined;
    const gone = [...current.verbs.filter((w) => !verbs.includes(w)), ...current.nouns.filter((w) => !nouns.includes(w))];
    return { text: setSentence(ctx.text, isUseSentence, useSentence({ ...current, verbs, nouns })), change: `use for - ${gone.join(', ')}` };
  },
};
