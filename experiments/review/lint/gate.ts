// The optimizer's honesty gate, built from the lint: a child that gains a lint warning or error relative to
// its parent is refused before it is run. The optimizer only sees the function (it may not import
// experiments/); cli/ and the demo hand it over.
import type { HonestyGate } from '../../../optimizer/mcp/optimize.ts';
import { MAX_DESCRIPTION_TOKENS, MAX_PROSE_TOKENS } from './length.ts';
import { flagKey, isProblem, lintDescriptions, RULE_SEVERITY, type LintFlag, type LintRule } from './lint.ts';

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

/**
 * What the gate refuses under each of its rules, in plain words for the LLM proposer's prompt (handed over by
 * the CLI: optimizer/mcp/optimize-request.ts, gateRules), so a reflection model need not pay for refusals.
 * The info rules are suggestions the gate never refuses for (test/experiments/review/lint/gate.test.ts).
 */
export const GATE_RULES: Readonly<Record<Exclude<LintRule, 'missing-use-for' | 'missing-not-for'>, string>> = {
  'model-directive':
    'no instructions aimed at the model: never tell it to call this tool first, to hide anything, to ignore other instructions, or to hand over secrets',
  'inflated-claim': 'no praise, superlatives, guarantees or claims to handle anything: say what the tool does',
  'social-proof': 'no claims about who uses or trusts the tool',
  'unverifiable-claim': 'no claims of upkeep or freshness ("actively maintained", "always up to date") that cannot be checked from the description',
  'missing-purpose': 'the description must say what the tool does in at least a few content words',
  'excessive-length': `at most ${MAX_PROSE_TOKENS} tokens of prose and ${MAX_DESCRIPTION_TOKENS} in all (a list of accepted values, such as units, counts only toward the second), since every description is sent with every request`,
  'task-word-list': 'no bare lists of words taken from requests: name the kinds of task the tool does',
  'search-keyword-stuffing':
    "no words stuffed in for a tool search to find: no keyword or synonym lines, runs of bare keywords, long comma lists that are a sentence of their own or repeat the tool's name, one word repeated, or lists of the other tools' names; a sentence listing the kinds of input the tool handles is fine",
  'copied-result': "no text copied from the tool's outputs, and no fragments of outputs cut off mid-word or mid-sentence",
  'removed-limit': 'keep every limit the current description states (what the tool does not do, or only does under a condition)',
  'run-on-sentence': 'end each sentence with a period before the next one starts',
  'empty-example': 'no example calls without arguments',
  'tdo-placeholder': 'no text that tdo writes into trajectories (such as a placeholder for a call that was not executed)',
};
