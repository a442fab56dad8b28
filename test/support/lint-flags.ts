// One rule's flags as the whole lint reports them, for the tests of each rule (test/experiments/review/lint/rules/).
import { lintDescription } from '../../experiments/review/lint/lint.ts';
import type { LintContext } from '../../experiments/review/lint/linted-description.ts';

/** The phrases `rule` flags in `text`. */
export const flagsOf = (rule: string, tool: string, text: string, context: LintContext = {}) =>
  lintDescription(tool, text, context)
    .filter((f) => f.rule === rule)
    .map((f) => f.phrase);

/** Each flag of `rule` in `text` as its severity and phrase. */
export const flagged = (text: string, rule: string) =>
  lintDescription('read_board', text)
    .filter((f) => f.rule === rule)
    .map((f) => [f.severity, f.phrase]);
