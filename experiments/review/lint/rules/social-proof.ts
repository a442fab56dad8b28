import { claimFindings } from '../claims.ts';
import type { LintRule } from '../lint-rule.ts';

export const socialProof = {
  id: 'social-proof',
  severity: 'warning',
  reported: 'what it says',
  gate: 'no claims about who uses or trusts the tool',
  check: (description) => claimFindings(description, { socialProof: 'social proof: who uses it says nothing about what it does' }),
} as const satisfies LintRule;
