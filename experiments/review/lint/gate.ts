// The optimizer's honesty gate, built from the lint: a child that gains a flag of a gated rule (lint-rule.ts, `gate`)
// relative to its parent is refused before it is run. The optimizer only sees the function (it may not import
// experiments/); cli/ and the demo hand it over.
import type { HonestyGate } from '../../../optimizer/search/optimize.ts';
import { LINT_RULES, type AnyLintRule, type LintRuleId } from './lint-rules.ts';
import { flagKey, lintDescriptions, type LintFlag } from './lint.ts';

/** Worst first, so a refusal names the error over the warning when a child gains both. */
const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

type GatedRule = Extract<AnyLintRule, { gate: string }>;
const gatedRules = LINT_RULES.filter((rule): rule is GatedRule => rule.gate !== false);

/** The rules the gate can refuse a child for. */
export const GATED_RULES = gatedRules.map((rule) => rule.id);
const gated = new Set<LintRuleId>(GATED_RULES);
const refusable = (flag: LintFlag) => gated.has(flag.rule);

/**
 * The flags of gated rules `child` has that `parent` has not, by flagKey. The child is linted with
 * the parent as its parent (removed-limit) and both with the same tool results (copied-result), so a flag
 * the parent already carried is never held against the child.
 */
export function gainedProblems(
  parent: Readonly<Record<string, string>>,
  child: Readonly<Record<string, string>>,
  toolResults: readonly string[] = [],
): LintFlag[] {
  const before = new Set(lintDescriptions(parent, { toolResults }).filter(refusable).map(flagKey));
  return lintDescriptions(child, { toolResults, parent })
    .filter((f) => refusable(f) && !before.has(flagKey(f)))
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

export const lintGate: HonestyGate = (parent, child, { toolResults }) => {
  const [worst] = gainedProblems(parent, child, toolResults);
  return worst === undefined ? undefined : { rule: worst.rule };
};

/**
 * What the gate refuses under each of its rules, in plain words for the LLM proposer's prompt (handed over by
 * the CLI: optimizer/search/optimize-request.ts, gateRules), so a reflection model need not pay for refusals.
 */
export const GATE_RULES = Object.fromEntries(gatedRules.map((rule) => [rule.id, rule.gate])) as Readonly<Record<GatedRule['id'], string>>;
