import type { LiveToolCall } from '../host/tool-call.ts';
import { resolveReference, ResultText } from '../suite/references.ts';
import type { StepReference, Task } from '../suite/schema.ts';
import { labelMatches } from './tool-labels.ts';

/**
 * What a check's `{$from: N, path?}` stands for: the value step N's correct tool (its `tools` labels) last
 * returned without an error in this episode. The step is found by its tool, not by the agent's order of
 * calls, because an LLM agent has no steps of its own. The answer is then judged against what the tool
 * really said, which a task cannot write down when only the server knows it (a price, a stock level).
 */
export function expectedFromStep(
  task: Task,
  ref: StepReference,
  calls: readonly LiveToolCall[],
): { expected: number | string; source: string } | { missing: string } {
  const step = task.plan[ref.$from - 1]!;
  const tools = step.tools.join(' or ');
  const call = [...calls].reverse().find((c) => !c.isError && step.tools.some((l) => labelMatches(l, c.server, c.tool)));
  if (call === undefined) return { missing: `what step ${ref.$from}'s tool (${tools}) returns, but no call to it succeeded` };
  const resolved = resolveReference(ref, { text: call.output, structured: call.structured });
  if ('missing' in resolved) return { missing: `a value from step ${ref.$from}'s tool (${tools}), but ${resolved.missing}` };
  const value = resolved.value;
  const expected = value instanceof ResultText ? (value.number ?? value.text) : typeof value === 'number' ? value : JSON.stringify(value);
  if (expected === '') return { missing: `a value from step ${ref.$from}'s tool (${tools}), but it returned an empty text` };
  return { expected, source: `what ${call.name} returned for step ${ref.$from}` };
}
