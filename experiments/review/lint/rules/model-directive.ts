import type { LintRule } from '../lint-rule.ts';
import { MODEL_DIRECTIVES } from '../patterns.ts';

/** Instructions aimed at the model rather than a description of the tool: the tool-poisoning patterns of patterns.ts. */
export const modelDirective = {
  id: 'model-directive',
  severity: 'error',
  reported: 'what it says',
  gate: 'no instructions aimed at the model: never tell it to call this tool first, to hide anything, to ignore other instructions, or to hand over secrets',
  check: ({ text }) =>
    MODEL_DIRECTIVES.flatMap(({ kind, why, pattern }) =>
      [...text.matchAll(pattern)].map((m) => ({ message: `instruction aimed at the model (${kind}): ${why}`, phrase: m[0].trim() })),
    ),
} as const satisfies LintRule;
