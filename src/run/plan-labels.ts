import { closest, distance } from 'fastest-levenshtein';
import { labelMatches } from '../checks/tool-labels.ts';
import type { ServerTools } from '../host/catalogue.ts';
import type { Suite } from '../suite/schema.ts';
import { inputError } from '../errors.ts';
import { boundedList } from '../text/bounded-list.ts';

/** Problems shown in full before the rest are counted: a suite with a renamed tool labels it many times. */
const SHOWN_PROBLEMS = 8;

/**
 * Refuses a suite whose plan labels a tool no server of it lists: such a task can never pass, and its feedback
 * ("expected create_repositry") would teach the proposer a tool that does not exist. Checked once, on the
 * servers' own tools/list, before the first episode of any run, search or worker.
 */
export function refuseUnlistedLabels(suite: Suite, listed: readonly ServerTools[]): void {
  const problems = suite.tasks.flatMap((task) =>
    task.plan.flatMap((step, s) =>
      step.tools.filter((label) => !isListed(label, listed)).map((label) => `task "${task.id}", step ${s + 1}: ${unlistedLabel(label, listed)}`),
    ),
  );
  if (problems.length === 0) return;
  throw inputError(
    `suite "${suite.name}" labels tools its servers do not list; fix the plan's tools:\n  ${boundedList(problems, { max: SHOWN_PROBLEMS, separator: '\n  ', itemChars: Infinity })}`,
  );
}

function isListed(label: string, listed: readonly ServerTools[]): boolean {
  return listed.some(({ server, tools }) => tools.some((tool) => labelMatches(label, server, tool.name)));
}

/** Why the label names nothing, with the listed name it most likely meant. */
function unlistedLabel(label: string, listed: readonly ServerTools[]): string {
  const slash = label.indexOf('/');
  const servers = listed.map((s) => s.server);
  if (slash >= 0 && !servers.includes(label.slice(0, slash))) {
    return `"${label}" names the server "${label.slice(0, slash)}", which is no server of the suite (its servers: ${servers.join(', ')})${guess(label, listed)}`;
  }
  return `no server lists the tool "${label}"${guess(label, listed)}`;
}

/** " (did you mean "x"?)" when a listed name is a slip of a letter or two away from the label; empty otherwise. */
function guess(label: string, listed: readonly ServerTools[]): string {
  const names = label.includes('/')
    ? listed.flatMap(({ server, tools }) => tools.map((tool) => `${server}/${tool.name}`))
    : listed.flatMap(({ tools }) => tools.map((tool) => tool.name));
  if (names.length === 0) return '';
  const nearest = closest(label, names);
  const tail = label.includes('/') ? label.slice(label.indexOf('/') + 1) : label;
  const sameTool = label.includes('/') && nearest.endsWith(`/${tail}`);
  return sameTool || distance(label, nearest) <= Math.max(1, Math.floor(label.length / 4)) ? ` (did you mean "${nearest}"?)` : '';
}
