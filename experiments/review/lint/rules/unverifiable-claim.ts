import { claimFindings } from '../claims.ts';
import type { LintRule } from '../lint-rule.ts';

export const unverifiableClaim = {
  id: 'unverifiable-claim',
  // A warning, not a suggestion: claims of upkeep sway real models a little (Faghih et al.'s maintenance
  // line) and cannot be checked from the description, so an optimizer must not buy selection with them.
  severity: 'warning',
  reported: 'what it says',
  gate: 'no claims of upkeep or freshness ("actively maintained", "always up to date") that cannot be checked from the description',
  check: (description) => claimFindings(description, { maintenance: 'maintenance claim: does not help choose the tool' }),
} as const satisfies LintRule;
