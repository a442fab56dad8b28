import { splitLimitClauses } from '../../../../src/index.ts';
import type { LintRule } from '../lint-rule.ts';

export const missingNotFor = {
  id: 'missing-not-for',
  severity: 'info',
  reported: 'the whole',
  gate: false,
  check: ({ own, serverTools, tool }) =>
    splitLimitClauses(own, serverTools, tool).limits.length === 0
      ? [{ message: 'no statement of what it does not do ("does not ...", "not for ...", "for ... use OTHER_TOOL")', phrase: null }]
      : [],
} as const satisfies LintRule;
