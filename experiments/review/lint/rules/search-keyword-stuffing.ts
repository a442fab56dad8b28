import type { LintRule } from '../lint-rule.ts';
import { searchStuffing } from '../stuffing.ts';
import { taskWordListsIn } from './task-word-list.ts';

export const searchKeywordStuffing = {
  id: 'search-keyword-stuffing',
  // under deferred tool loading a description is search text: words stuffed in for the ranking mislead it
  severity: 'warning',
  reported: 'the whole',
  gate: "no words stuffed in for a tool search to find: no keyword or synonym lines, runs of bare keywords, long comma lists that are a sentence of their own or repeat the tool's name, one word repeated, or lists of the other tools' names; a sentence listing the kinds of input the tool handles is fine",
  check: (description) =>
    searchStuffing(
      description.own,
      description.serverTools,
      description.tool,
      description.reading(taskWordListsIn).map((list) => list.phrase),
    ).map(({ phrase, what }) => ({ message: `${what}: words stuffed in for a tool search to find it, which no sentence needs`, phrase })),
} as const satisfies LintRule;
