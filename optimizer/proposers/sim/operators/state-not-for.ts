import { proseList, siblingName } from '../../../../src/index.ts';
import type { EpisodeView } from '../../../adapter/reflection.ts';
import type { EditOperator } from '../edit-operator.ts';
import { isNotForSentence, namedInsteadOf, notForTools } from '../instead-sentences.ts';
import { setSentence } from '../sentences.ts';
import { mayDo, toolJob } from '../tool-jobs.ts';

/** "It does not delete tasks or update tasks; use delete_tasks or update_tasks instead." Every tool has a job (toolJob). */
function notForSentence(tools: ReadonlyArray<{ tool: string; job: string }>): string {
  return `It does not ${proseList(
    tools.map((t) => t.job),
    'or',
  )}; use ${proseList(
    tools.map((t) => t.tool),
    'or',
  )} instead.`;
}

/**
 * The tools of this server that the labels gave a step this tool was chosen for: in an episode with a trajectory
 * that failed or missed, this tool was called more often than the labels gave it steps (or it had none), and
 * another step's first label (the tool the suite means for it) is that tool. Without such an episode no
 * confusion was seen, and no "does not" sentence is written. A plan label's server prefix is never written
 * ("money/convert" is "convert"), and another server's tool is never named: the host shows it under a name of its
 * own, and the same tool name may be this server's too.
 */
function confusedWith(views: readonly EpisodeView[]): string[] {
  const server = views.flatMap((v) => v.calls).find((c) => c.component)?.server;
  const found = views.flatMap((v) => {
    if (!v.observed || !v.usedComponent || (v.success && !v.missed)) return [];
    const ownSteps = v.steps.filter((s) => s.forComponent).length;
    const calls = v.calls.filter((c) => c.component).length;
    if (ownSteps > 0 && calls <= ownSteps) return [];
    return v.steps.filter((s) => !s.forComponent).flatMap((s) => s.tools.slice(0, 1).flatMap((label) => siblingName(label, server) ?? []));
  });
  return [...new Set(found)];
}

/**
 * Names a tool of the same server that was right for a step this tool was chosen for, and says this tool does
 * not do that tool's job, in the words of that tool's own name ("It does not read files; use read_file
 * instead."): only after an episode that shows the confusion (confusedWith), only a tool whose name states its job
 * (toolJob: add_issue_comment adds issue comments, it does not "add issues"), and never one whose job this tool's
 * own name or description claims too.
 */
export const stateNotFor: EditOperator = {
  name: 'state-not-for',
  kind: 'not-for',
  apply(ctx) {
    const named = namedInsteadOf(ctx.text);
    const others = confusedWith(ctx.views).flatMap((tool) => {
      const job = toolJob(tool);
      return named.includes(tool) || job === undefined || mayDo(ctx.component, ctx.text, job) ? [] : [{ tool, job: job.text }];
    });
    if (others.length === 0) return undefined;
    const earlier = notForTools(ctx.text).flatMap((tool) => {
      const job = toolJob(tool);
      return job === undefined ? [] : [{ tool, job: job.text }];
    });
    const sentence = notForSentence([...earlier, ctx.rng.pick(others)]);
    return { text: setSentence(ctx.text, isNotForSentence, sentence), change: `+ ${sentence}` };
  },
};
