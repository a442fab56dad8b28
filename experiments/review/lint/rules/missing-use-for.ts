import type { LintRule } from '../lint-rule.ts';
import { USE_FOR_GUIDANCE } from '../patterns.ts';

export const missingUseFor = {
  id: 'missing-use-for',
  severity: 'info',
  reported: 'the whole',
  gate: false,
  check: ({ own }) => (USE_FOR_GUIDANCE.test(own) ? [] : [{ message: 'no guidance on when to use it ("use it for ...")', phrase: null }]),
} as const satisfies LintRule;
