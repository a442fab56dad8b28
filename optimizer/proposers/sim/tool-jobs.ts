// What a tool's name says it does, the job a not-for or pointer sentence may say another tool does
// (operators/state-not-for.ts, point-to-sibling.ts).
import { terms } from '../../../src/index.ts';
import { nameJob } from './phrasing.ts';

/** A job's verb and its object: "delete" and "tasks" of "delete tasks". */
interface Job {
  text: string;
  verb: string;
  /** the object's last word, made plural: "comments" of "add issue comments" */
  head: string;
}

/**
 * What a tool's own name says it does, as a verb and its whole object ("add issue comments" for
 * add_issue_comment): what a not-for or pointer sentence may say another tool does, since a reviewer can check it
 * against that tool's name. A name without a verb and an object (calculator, query, mark_task_done) gives none,
 * and such a tool is never named as the one to use instead.
 */
export function toolJob(tool: string): Job | undefined {
  const text = nameJob(tool);
  const words = text?.split(' ') ?? [];
  if (text === undefined || words.length < 2) return undefined;
  return { text, verb: words[0]!, head: words.at(-1)! };
}

/**
 * Whether this tool may do `other`'s job too, so that "does not" would be false: its own name states the same verb
 * on the same kind of thing (read_file and read_text_file both read files), or its description holds the job's
 * verb and every word of its object.
 */
export function mayDo(component: string, text: string, other: Job): boolean {
  const own = toolJob(component);
  if (own !== undefined && own.verb === other.verb && terms(own.head)[0] === terms(other.head)[0]) return true;
  const mine = new Set(terms(`${component} ${text}`));
  return terms(other.text).every((t) => mine.has(t));
}
