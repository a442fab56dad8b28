// What `tdo suite draft` says about the draft it wrote: how many requests became how many tasks, what each tool got
// in each split, and what the author writes next.
import { boundedList, counted, proseList, SPLITS, type SuiteDraftPlan } from '../../src/index.ts';

export function renderDraft(plan: SuiteDraftPlan, file: string, fills: number): string {
  const lines = [
    `wrote ${file}: ${counted(plan.tasks.length, 'task')} from ${counted(plan.requests, plan.runs.some((r) => r.source.kind === 'proxy') ? 'recorded episode' : 'request')} in ${counted(plan.runs.length, 'run')}${mergedClause(plan.merged)}`,
    ...passedLines(plan),
    `tasks per tool and split (${SPLITS.join('/')}):`,
    ...plan.counts.map((c) => `  ${c.tool}: ${SPLITS.map((split) => c.tasks[split]).join('/')}`),
    ...uncalledLines(plan),
    ...SPLITS.flatMap((split) => (plan.without[split].length === 0 ? [] : [`no task in ${split}: ${boundedList(plan.without[split])}`])),
    `next: replace the ${counted(fills, 'value')} marked "FILL:" in ${file} (\`tdo run\` names each one left), check each plan is what the agent should have done, then`,
    `  tdo run --suite ${file}`,
    '',
  ];
  return lines.join('\n');
}

/** The tools the servers list that no task calls: the draft cannot teach or measure them at all. */
function uncalledLines(plan: SuiteDraftPlan): string[] {
  const uncalled = plan.counts.filter((c) => SPLITS.every((split) => c.tasks[split] === 0)).map((c) => c.tool);
  return uncalled.length === 0
    ? []
    : [
        `no task at all (the server lists ${uncalled.length === 1 ? 'it' : 'them'}, no run called ${uncalled.length === 1 ? 'it' : 'them'}): ${boundedList(uncalled)}`,
      ];
}

function mergedClause(merged: number): string {
  return merged === 0 ? '' : ` (${counted(merged, 'request')} merged into an earlier task as the same calls asked in nearly the same words)`;
}

function passedLines(plan: SuiteDraftPlan): string[] {
  const { withoutRequest, withoutCalls } = plan.passed;
  const parts = [
    ...(withoutRequest === 0 ? [] : [`${counted(withoutRequest, 'episode')} with no user request in its model calls`]),
    ...(withoutCalls === 0 ? [] : [`${counted(withoutCalls, 'episode')} with no tool call that returned a result`]),
  ];
  return parts.length === 0 ? [] : [`left out: ${proseList(parts)}`];
}

export function draftJson(plan: SuiteDraftPlan, file: string, fills: number) {
  return {
    file,
    runs: plan.runs.map((r) => r.id),
    tasks: plan.tasks.length,
    requests: plan.requests,
    merged: plan.merged,
    leftOut: plan.passed,
    fills,
    target: plan.target,
    // lists rather than objects keyed by tool or task, whose names the snake_case keys would change (src/json-keys.ts)
    tools: plan.counts.map((c) => ({ tool: c.tool, tasks: c.tasks })),
    toolsWithout: plan.without,
    taskSplits: plan.tasks.map((t) => ({ id: t.id, split: t.split })),
  };
}
