// The gate's step of a mutation: each changed description judged on its own against the parent. The refusals
// stay structured (GateRefusal) in the verdict; the reason only words them for a reader.
import type { CandidateGate, GateRefusal, TaskResult, Texts } from './types.ts';

/** How a gate's refusal of one description reads in a proposal's reason: "<component> lint: <rule>". */
const GATE_REASON_PREFIX = 'lint: ';
/** Introduces the descriptions the gate held back when others of the same proposal went on. */
const GATE_HELD_BACK = 'held back by the honesty gate: ';

export type Change = readonly [component: string, text: string];

/**
 * A refused description keeps the parent's text and the rest of the child goes on, so one flagged tool does
 * not cost the other tools' edits the parent's minibatch bought.
 */
export function gateChanges<Trace>(
  gate: CandidateGate<Trace> | undefined,
  parent: Texts,
  changed: readonly Change[],
  results: readonly TaskResult<Trace>[],
): { passed: Change[]; refusals: GateRefusal[] } {
  const refusals = changed.flatMap(([component, text]) => {
    const verdict = gate?.(parent, { ...parent, [component]: text }, { results });
    return verdict === undefined ? [] : [{ component, rule: verdict.rule }];
  });
  return { passed: changed.filter(([c]) => !refusals.some((r) => r.component === c)), refusals };
}

/** "<component> lint: <rule>; ..." */
export function refusalsText(refusals: readonly GateRefusal[]): string {
  return refusals.map((r) => `${r.component} ${GATE_REASON_PREFIX}${r.rule}`).join('; ');
}

/** What a reason adds when the gate held some descriptions back and the child went on with the rest. */
export function heldBackNote(refusals: readonly GateRefusal[]): string {
  return refusals.length === 0 ? '' : ` (${GATE_HELD_BACK}${refusalsText(refusals)})`;
}
