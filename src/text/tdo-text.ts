/**
 * Text tdo itself writes into trajectories, never text for a description: the result recorded for a call
 * a selection-only task did not execute (src/run/selection-only.ts) and the note that ends such an episode.
 * The sim proposer never quotes it and `tdo lint` flags it (experiments/review/lint/), so a description
 * that picked it up from a trajectory is not shipped with it.
 */
import escapeStringRegexp from 'escape-string-regexp';

/** The result recorded for a tool call that a selection-only task stopped at and never executed. */
export const NOT_EXECUTED_RESULT = '(not executed: selection-only task)';

/** Why a selection-only episode has no answer. */
export const SELECTION_ONLY_NOTE = 'Selection-only task: the episode ended at the first tool call, which was recorded and not executed.';

/** Each placeholder without its brackets or final period, as a pattern that finds it in any case and spacing. */
const PLACEHOLDERS: readonly RegExp[] = [NOT_EXECUTED_RESULT, SELECTION_ONLY_NOTE].map(
  (text) =>
    new RegExp(
      `\\(?${text
        .replace(/^\(|[.)]$/g, '')
        .split(/\s+/)
        .map(escapeStringRegexp)
        .join('\\s+')}[.)]?`,
      'gi',
    ),
);

/** Where tdo's own placeholders occur in a text, as written. */
export function findTdoText(text: string): Array<{ phrase: string; start: number; end: number }> {
  return PLACEHOLDERS.flatMap((p) => [...text.matchAll(p)].map((m) => ({ phrase: m[0], start: m.index, end: m.index + m[0].length })));
}

/** The text with tdo's placeholders blanked out: what the description itself says. */
export function withoutTdoText(text: string): string {
  return PLACEHOLDERS.reduce((rest, p) => rest.replace(p, ' '), text);
}
