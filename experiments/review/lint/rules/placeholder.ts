import type { LintRule } from '../lint-rule.ts';
import { sentencesOf } from '../sentences.ts';

/**
 * A marker left in for later, in capitals and standing alone: "TODO", "TODO: ...", "Returns: TBD." A marker read as
 * a noun ("a TODO list", "TODOs"), inside a word, quoted (a value the tool returns, '"TBD"') or in a format
 * ("XXX-XXX-XXXX") is left alone.
 */
const MARKER = /(?<![\p{L}\p{N}_'"“‘-])(?:TODO|TBD|FIXME|XXX)(?![\p{L}\p{N}_'"”’-])(?![ \t]+\p{L})/gu;
const FILLER = /\blorem ipsum\b|\bdescription goes here\b/gi;
/** A sentence that only asks for the description: "Add description.", "[Add a description here]". */
const ASKS_FOR_DESCRIPTION = /^[[(<{"'`]?add (?:a |the )?description(?: here)?[\])>}"'`]?[.!]?$/i;

export const placeholder = {
  id: 'placeholder',
  // a warning: nothing unsafe, but no reviewer would ship it, so no proposal may add it either
  severity: 'warning',
  reported: 'what it says',
  gate: 'no placeholder text left for later (TODO, TBD, FIXME, "description goes here")',
  check: ({ text }) =>
    [
      ...[...text.matchAll(MARKER), ...text.matchAll(FILLER)].map((m) => m[0]),
      ...sentencesOf(text).filter((sentence) => ASKS_FOR_DESCRIPTION.test(sentence)),
    ].map((phrase) => ({ message: `"${phrase}" is placeholder text left in the description, not something the tool does`, phrase })),
} as const satisfies LintRule;
