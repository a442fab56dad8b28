// The optimizer's honesty gate, built from the lint: a child that gains a lint warning or error relative to
// its parent is refused before it is run. The optimizer only sees the function (it may not import
// experiments/); src/cli and the demo hand it over.
import type { HonestyGate } from '../../../optimizer/mcp/optimize.ts';
import { flagKey, isProblem, lintDescriptions, RULE_SEVERITY, type LintFlag } from './lint.ts';

/** Worst first, so a refusal names the error over the warning when a child gains both. */
const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/**
 * The problems (warnings and errors) `child` has that `parent` has not, by flagKey. The child is linted with
 * the parent as its parent (removed-limit) and both with the same tool results (copied-result), so a flag
 * the parent already carried is never held against the child.
 */
export function gainedProblems(
  parent: Readonly<Record<string, string>>,
  child: Readonly<Record<string, string>>,
  toolResults: readonly string[] = [],
): LintFlag[] {
  const before = new Set(lintDescriptions(parent, { toolResults }).filter(isProblem).map(flagKey));
  return lintDescriptions(child, { toolResults, parent })
    .filter((f) => isProblem(f) && !before.has(flagKey(f)))
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

export const lintGate: HonestyGate = (parent, child, { toolResults }) => {
  const [worst] = gainedProblems(parent, child, toolResults);
  return worst === undefined ? undefined : { rule: worst.rule };
};

/** The rules the gate can refuse a child for (every rule with a warning or error severity). */
export const GATED_RULES = Object.entries(RULE_SEVERITY)
  .filter(([, severity]) => severity !== 'info')
  .map(([rule]) => rule);
