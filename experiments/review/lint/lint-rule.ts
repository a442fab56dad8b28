// What every lint rule is: one file each under rules/, listed once in lint-rules.ts (LINT_RULES), from which the
// lint, the rule ids and the honesty gate's rules are read.
import type { LintedDescription } from './linted-description.ts';

/** error: unsafe to ship; warning: misleads selection or costs tokens; info: a suggestion. */
export type LintSeverity = 'error' | 'warning' | 'info';

/** What a rule's check found in one description. */
export interface Finding {
  message: string;
  /** The text that triggered it, as written; null for something missing. */
  phrase: string | null;
  /** Its claim's place among the description's claims (claims.ts): the claim rules' flags are reported in that order. */
  claimRank?: number;
}

/**
 * The parts of a tool's flags, in the order they are reported; within a part, flags follow LINT_RULES.
 * 'what it says': phrases that should not be there (instructions to the model, claims, words that are not the
 * tool's); 'how it is written': the form of a sentence; 'the whole': the description as a whole, or against its
 * parent, its tool's results and its server's other tools.
 */
export const REPORT_PARTS = ['what it says', 'how it is written', 'the whole'] as const;

export interface LintRule {
  readonly id: string;
  readonly severity: LintSeverity;
  readonly reported: (typeof REPORT_PARTS)[number];
  /**
   * false when the honesty gate (gate.ts) never refuses a child for gaining this rule's flag; otherwise the rule in
   * plain words for the LLM proposer's prompt, which is told every rule it can be refused for and no other.
   */
  readonly gate: string | false;
  check(description: LintedDescription): Finding[];
}
