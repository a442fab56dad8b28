import type { LiveToolCall } from '../host/tool-call.ts';
import type { Task } from '../suite/schema.ts';
import type { CheckOutcome } from './answer-check.ts';
import { trimTrailing } from '../text/trailing.ts';
import { labelMatches } from './tool-labels.ts';

/** A selection check: was the first tool call one of the correct tools of the plan's first step? */
export function checkSelection(task: Task, calls: readonly LiveToolCall[]): CheckOutcome {
  const step = task.plan[0]!;
  const expected = step.tools.join(' or ');
  const intent = trimTrailing(step.intent, '.?!');
  const first = calls[0];
  if (first === undefined) return { success: false, feedback: `No tool was chosen for "${intent}"; expected ${expected}.` };
  return step.tools.some((label) => labelMatches(label, first.server, first.tool))
    ? { success: true, feedback: `Correct: chose ${first.name} for "${intent}".` }
    : { success: false, feedback: `Chose ${first.name} for "${intent}"; expected ${expected}.` };
}

/** A no-tool check: the request is one no tool serves, so any tool call fails it. */
export function checkNoTool(calls: readonly LiveToolCall[]): CheckOutcome {
  const first = calls[0];
  return first === undefined
    ? { success: true, feedback: 'Correct: answered without calling a tool, as no tool serves this request.' }
    : { success: false, feedback: `Called ${first.name}, but no tool serves this request; expected no tool call.` };
}
