import { statesLimit, trimTrailing, withoutTdoText } from '../../../../src/index.ts';
import type { LintRule } from '../lint-rule.ts';
import { sentencesOf } from '../sentences.ts';

const LIMIT_TOKEN = /[\p{L}\p{N}]+|[+\-*/^%<>=]+/gu;
/**
 * A limit reworded in the child is kept: most of its words and symbols in one of the child's sentences that
 * states a limit or the tool's scope ("Numbers and + - * / ** only." as "Supports numbers, + - * / ** and
 * parentheses."). Any other sentence does not count: "Use it for: a, b" does not keep "Not for: a, b".
 */
const KEPT_OVERLAP = 0.6;
const SCOPE_STATEMENT = /^(?:it |this tool )?(?:supports|accepts|takes|handles|understands|reads|works (?:with|on))\b/i;

function normalized(text: string): string {
  return trimTrailing(text.toLowerCase().replace(/\s+/g, ' '), '.!?;:,', { whitespace: true }).trim();
}

/**
 * removed-limit: the parent's sentences that state a limit, each gone from the child: not there as written
 * and not reworded in one of the child's own limit sentences. A model reads a dropped limit as a tool that
 * can do what it cannot ("Numbers and + - * / ** only.", "Returns at most 4000 characters.").
 */
export function removedLimits(parent: string, child: string, serverTools: readonly string[] = [], self?: string): string[] {
  const childText = normalized(child);
  const childLimits = sentencesOf(child)
    .filter((s) => statesLimit(s, serverTools, self) || SCOPE_STATEMENT.test(s))
    .map((s) => new Set(normalized(s).match(LIMIT_TOKEN) ?? []));
  return sentencesOf(withoutTdoText(parent))
    .filter((s) => statesLimit(s, serverTools, self))
    .filter((limit) => {
      if (childText.includes(normalized(limit))) return false;
      const tokens = [...new Set(normalized(limit).match(LIMIT_TOKEN) ?? [])];
      return !childLimits.some((c) => tokens.filter((t) => c.has(t)).length >= KEPT_OVERLAP * tokens.length);
    });
}

export const removedLimit = {
  id: 'removed-limit',
  severity: 'warning',
  reported: 'the whole',
  gate: 'keep every limit the current description states (what the tool does not do, or only does under a condition)',
  check: ({ tool, text, context, serverTools }) => {
    const before = context.parent?.[tool];
    if (before === undefined) return [];
    return removedLimits(before, text, serverTools, tool).map((limit) => ({
      message: `the parent stated the limit "${limit}" and this version no longer does`,
      phrase: limit,
    }));
  },
} as const satisfies LintRule;
