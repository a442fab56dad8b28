// The tool confusion of a run whose decisions name no labelled tool (an LLM's), from the suite's plans: each plan
// step of an episode's task is matched with a call of one of its labelled tools when the episode made one (in any
// order: a plan does not fix the order of independent steps); the steps left are paired, in order, with the calls
// left, and a step with no call left chose no tool. Calls beyond the steps are not decisions about any step. Each
// step counts once, as the sim's decisions do (traces/viewing/tool-confusion.ts): under the labelled tool it was
// served by, else under its first label.
import { labelMatches, type PlanStep } from '../../src/index.ts';
import type { EpisodeToolCalls, ToolConfusionCell } from '../../traces/index.ts';

type Call = EpisodeToolCalls['calls'][number];

export function alignedConfusion(plans: ReadonlyMap<string, readonly PlanStep[]>, episodes: readonly EpisodeToolCalls[]): ToolConfusionCell[] {
  const counts = new Map<string, ToolConfusionCell>();
  const count = (labelled: string, chosen: string | null) => {
    const key = JSON.stringify([labelled, chosen]);
    const cell = counts.get(key) ?? { labelled, chosen, decisions: 0 };
    cell.decisions++;
    counts.set(key, cell);
  };
  for (const episode of episodes) {
    const plan = plans.get(episode.taskId) ?? [];
    for (const { step, call } of alignSteps(plan, episode.calls)) {
      const served = call === undefined ? undefined : step.tools.find((label) => labelMatches(label, call.server, call.tool));
      count(served ?? step.tools[0]!, call?.tool ?? null);
    }
  }
  return [...counts.values()].sort((a, b) => a.labelled.localeCompare(b.labelled) || b.decisions - a.decisions);
}

/** Each step with the call it is judged by: one of its own tools when called, else the next call no step took. */
function alignSteps(plan: readonly PlanStep[], calls: readonly Call[]): Array<{ step: PlanStep; call: Call | undefined }> {
  const left = [...calls];
  const served = plan.map((step) => {
    const i = left.findIndex((c) => step.tools.some((label) => labelMatches(label, c.server, c.tool)));
    return i < 0 ? undefined : left.splice(i, 1)[0];
  });
  return plan.map((step, i) => ({ step, call: served[i] ?? left.shift() }));
}
