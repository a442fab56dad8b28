import { labelMatches } from '../checks/tool-labels.ts';
import { trimTrailing } from '../text/trailing.ts';
import type { ToolCall } from '../../traces/index.ts';
import type { Task } from '../suite/schema.ts';

export interface ToolUseAssessment {
  /** Share of tool calls that a plan step of this task needed (1 when no calls were made); none without a plan. */
  precision?: number;
  /** Share of plan steps for which a correct tool was called at least once; none without a plan. */
  recall?: number;
  /** Sentences on tools chosen that no step needed, and steps whose tool was never called. */
  remarks: string[];
}

/** Compares the calls an agent made with the task's correct-tool labels (after the episode, for scoring only). */
export function assessToolUse(task: Task, calls: readonly ToolCall[]): ToolUseAssessment {
  // A task without a plan names no correct tool: nothing to compare the calls with.
  if (task.plan.length === 0) return { remarks: [] };
  const needed = (c: ToolCall) => task.plan.some((step) => step.tools.some((l) => labelMatches(l, c.server, c.tool)));
  const wrong = calls.filter((c) => !needed(c));
  const missedSteps = task.plan.filter((step) => !calls.some((c) => step.tools.some((l) => labelMatches(l, c.server, c.tool))));
  const remarks: string[] = [];
  for (const name of new Set(wrong.map((c) => c.name))) {
    const failed = wrong.filter((c) => c.name === name && c.isError).length;
    remarks.push(`Chose ${name}, which no step of this task needs${failed > 0 ? ` (it returned an error ${failed}x)` : ''}.`);
  }
  for (const step of missedSteps) remarks.push(`Never called ${step.tools.join(' or ')} for the step "${trimTrailing(step.intent, '.?!')}".`);
  return {
    precision: calls.length === 0 ? 1 : (calls.length - wrong.length) / calls.length,
    recall: (task.plan.length - missedSteps.length) / task.plan.length,
    remarks,
  };
}
