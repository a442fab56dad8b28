import type { LintRule } from '../lint-rule.ts';
import { RUN_ON_JOIN } from '../patterns.ts';

export const runOnSentence = {
  id: 'run-on-sentence',
  // A warning, so that the honesty gate refuses an edit that brings one in: a reviewer would have to rewrite it.
  severity: 'warning',
  reported: 'how it is written',
  gate: 'end each sentence with a period before the next one starts',
  check: ({ text }) =>
    [...text.matchAll(RUN_ON_JOIN)].map((m) => ({ message: `"${m[1]}" starts a sentence without ending the one before: end it with a period`, phrase: m[1]! })),
} as const satisfies LintRule;
