import { RE2JS } from 're2js';
import type { SearchFields } from './fields.ts';

/** The longest pattern a regex search takes, as the published regex tool search bounds its queries. */
export const MAX_PATTERN_LENGTH = 200;
/** The characters of one field a pattern is matched against; a longer description is matched on its start. */
export const MAX_FIELD_CHARS = 10_000;

/**
 * The compiled pattern, or why it is refused. RE2 (re2js) matches in time linear in the text, with no
 * backtracking, so no pattern can hang a run; with the bounds on the pattern and on each field, one search
 * costs at most MAX_PATTERN_LENGTH x MAX_FIELD_CHARS steps per field. RE2 has no lookaround or
 * backreferences: such a pattern is refused as invalid.
 */
export function compilePattern(pattern: string): RE2JS | { problem: string } {
  if (pattern.length === 0) return { problem: 'the pattern is empty' };
  if (pattern.length > MAX_PATTERN_LENGTH) return { problem: `the pattern has ${pattern.length} characters; at most ${MAX_PATTERN_LENGTH} are allowed` };
  try {
    return RE2JS.compile(pattern);
  } catch (error) {
    return { problem: `"${pattern}" is not a valid regular expression (RE2 syntax): ${(error as Error).message}` };
  }
}

/** Why a pattern is refused, or undefined for one a search takes. */
export function patternProblem(pattern: string): string | undefined {
  const compiled = compilePattern(pattern);
  return compiled instanceof RE2JS ? undefined : compiled.problem;
}

/**
 * Each tool's score for a pattern: how many of its fields (the name, the description, each argument name,
 * each argument description) the pattern matches anywhere in, so a tool matched in several places ranks first.
 */
export function regexIndex(tools: readonly SearchFields[]): (pattern: string) => number[] | { problem: string } {
  const texts = tools.map((f) => [f.name, f.description, ...f.argumentNames, ...f.argumentDescriptions].map((text) => text.slice(0, MAX_FIELD_CHARS)));
  return (pattern) => {
    const compiled = compilePattern(pattern);
    if (!(compiled instanceof RE2JS)) return compiled;
    return texts.map((fields) => fields.filter((text) => compiled.test(text)).length);
  };
}

/** A pattern that matches `text` literally. */
export function literalPattern(text: string): string {
  return RE2JS.quote(text);
}
