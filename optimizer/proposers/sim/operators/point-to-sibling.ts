import type { EditOperator } from '../edit-operator.ts';
import { isPointerSentence, namedInsteadOf } from '../instead-sentences.ts';
import { appendSentence, sentences } from '../sentences.ts';
import { mayDo, toolJob } from '../tool-jobs.ts';

/** Pointer sentences one description holds, at most: more would read as a list of the other tools. */
const MAX_POINTERS = 2;

/**
 * Points to a tool of the same server that does something else to the same kind of thing, in the words of its own
 * name ("To delete tasks, use delete_tasks instead." for create_tasks): read off the server's own tool names, so it
 * needs no train task at all, and it claims of the other tool only what its name says. Tools that may do the
 * same (read_file and read_multiple_files, or a job this tool's description claims) are never named.
 */
export const pointToSibling: EditOperator = {
  name: 'point-to-sibling',
  kind: 'not-for',
  apply(ctx) {
    const named = namedInsteadOf(ctx.text);
    const own = toolJob(ctx.component);
    if (own === undefined || sentences(ctx.text).filter(isPointerSentence).length >= MAX_POINTERS) return undefined;
    const others = ctx.siblings.flatMap((s) => {
      const job = toolJob(s);
      const sameThings = job !== undefined && job.text.slice(job.verb.length) === own.text.slice(own.verb.length);
      // a tool its own description calls deprecated is no tool to send requests to
      const deprecated = /\bdeprecated\b/i.test(ctx.texts?.[s] ?? '');
      return !named.includes(s) && sameThings && !deprecated && job.verb !== own.verb && !mayDo(ctx.component, ctx.text, job)
        ? [{ tool: s, job: job.text }]
        : [];
    });
    if (others.length === 0) return undefined;
    const { tool, job } = ctx.rng.pick(others);
    const sentence = `To ${job}, use ${tool} instead.`;
    return { text: appendSentence(ctx.text, sentence), change: `+ ${sentence}` };
  },
};
