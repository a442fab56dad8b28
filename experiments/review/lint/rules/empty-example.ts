import type { LintRule } from '../lint-rule.ts';
import { EMPTY_EXAMPLE } from '../patterns.ts';

export const emptyExample = {
  id: 'empty-example',
  // A warning, so that the honesty gate refuses an edit that brings one in: a reviewer would have to rewrite it.
  severity: 'warning',
  reported: 'how it is written',
  gate: 'no example calls without arguments',
  check: ({ text }) =>
    [...text.matchAll(EMPTY_EXAMPLE)].map((m) => ({ message: 'an example with no arguments shows nothing of how to call the tool', phrase: m[0] })),
} as const satisfies LintRule;
