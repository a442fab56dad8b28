import { findTdoText } from '../../../../src/index.ts';
import type { LintRule } from '../lint-rule.ts';

export const tdoPlaceholder = {
  id: 'tdo-placeholder',
  // tdo's own words in a description are never the tool's: nothing about it is shippable.
  severity: 'error',
  reported: 'what it says',
  gate: 'no text that tdo writes into trajectories (such as a placeholder for a call that was not executed)',
  check: ({ text }) =>
    findTdoText(text).map(({ phrase }) => ({ message: `"${phrase}" is text tdo wrote into a trajectory, not something the tool does`, phrase })),
} as const satisfies LintRule;
