import { claimFindings } from '../claims.ts';
import type { LintRule } from '../lint-rule.ts';

export const inflatedClaim = {
  id: 'inflated-claim',
  severity: 'warning',
  reported: 'what it says',
  gate: 'no praise, superlatives, guarantees or claims to handle anything: say what the tool does',
  check: (description) =>
    claimFindings(description, {
      endorsement: 'self-endorsement: praises the tool instead of saying what it does',
      breadth: 'breadth claim: says it handles anything, so a model picks it for everything',
      superlative: 'superlative or guarantee about the tool',
    }),
} as const satisfies LintRule;
