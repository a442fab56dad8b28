import { lengthProblem, MAX_DESCRIPTION_TOKENS, MAX_PROSE_TOKENS } from '../length.ts';
import type { LintRule } from '../lint-rule.ts';

export const excessiveLength = {
  id: 'excessive-length',
  severity: 'warning',
  reported: 'the whole',
  gate: `at most ${MAX_PROSE_TOKENS} tokens of prose and ${MAX_DESCRIPTION_TOKENS} in all (a list of accepted values, such as units, counts only toward the second), since every description is sent with every request`,
  check: ({ text }) => {
    const problem = lengthProblem(text);
    return problem === undefined ? [] : [{ message: problem, phrase: null }];
  },
} as const satisfies LintRule;
