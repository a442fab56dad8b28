import { RE2JS } from 're2js';
import type { SearchFields } from './fields.ts';
import type { SearchMode } from './search-mode.ts';

/** The longest pattern a regex search takes, as the published regex tool search bounds its queries. */
export const MAX_PATTERN_LENGTH = 200;
/**
 * The most RE2 instructions a pattern may compile to. A pattern of MAX_PATTERN_LENGTH characters compiles to about
 * one per character; a counted repetition copies what it repeats ({1000} a thousand times), and the time to match
 * a field grows with the instructions alive at once, so `(?:\w|\s){1000}` thirteen times took 2 s per field.
 */
export const MAX_PROGRAM_SIZE = 250;
/** The characters of one field a pattern is matched against; a longer description is matched on its start. */
export const MAX_FIELD_CHARS = 10_000;
/** The characters of one tool a pattern is matched against, its fields in order (name, description, arguments). */
export const MAX_TOOL_CHARS = 2 * MAX_FIELD_CHARS;

/**
 * The compiled pattern, or why it is refused. RE2 (re2js) matches in time linear in the text, with no
 * backtracking; with the bounds on the pattern's program and on each tool's text, one search costs at most
 * MAX_PROGRAM_SIZE x MAX_TOOL_CHARS steps per tool, so no pattern can hang a run. RE2 has no lookaround or
 * backreferences: such a pattern is refused as invalid.
 */
export function compilePattern(pattern: string): RE2JS | { problem: string } {
  if (pattern.length === 0) return { problem: 'the pattern is empty' };
  if (pattern.length > MAX_PATTERN_LENGTH) return { problem: `the pattern has ${pattern.length} characters; at most ${MAX_PATTERN_LENGTH} are allowed` };
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch (error) {
    return { problem: `"${pattern}" is not a valid regular expression (RE2 syntax): ${(error as Error).message}` };
  }
  if (compiled.programSize() > MAX_PROGRAM_SIZE) {
    return {
      problem: `"${pattern}" is too complex: it compiles to ${compiled.programSize()} RE2 instructions, at most ${MAX_PROGRAM_SIZE} are allowed (a counted repetition such as {100} copies what it repeats that many times)`,
    };
  }
  return compiled;
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
  const texts = tools.map((f) => boundedFields([f.name, f.description, ...f.argumentNames, ...f.argumentDescriptions]));
  return (pattern) => {
    const compiled = compilePattern(pattern);
    if (!(compiled instanceof RE2JS)) return compiled;
    return texts.map((fields) => fields.filter((text) => compiled.test(text)).length);
  };
}

/** Each field cut to MAX_FIELD_CHARS, in order until the tool's MAX_TOOL_CHARS are spent: a server's schema may hold any number of arguments. */
function boundedFields(fields: readonly string[]): string[] {
  const kept: string[] = [];
  let left = MAX_TOOL_CHARS;
  for (const field of fields) {
    if (left <= 0) break;
    const text = field.slice(0, Math.min(MAX_FIELD_CHARS, left));
    kept.push(text);
    left -= text.length;
  }
  return kept;
}

/** A pattern that matches `text` literally. */
export function literalPattern(text: string): string {
  return RE2JS.quote(text);
}

/**
 * `--tool-search regex`: the query is an RE2 pattern. A step is searched for by the suite's pattern for it,
 * else by any of its intent's content words, ignoring case (they are letters and digits, so need no escaping).
 */
export const regexMode: SearchMode = {
  index: regexIndex,
  queryDescription: `A regular expression (RE2 syntax, at most ${MAX_PATTERN_LENGTH} characters); start it with (?i) to ignore case.`,
  matching: 'The query is a regular expression matched against those texts.',
  retryWith: 'another pattern',
  queryFor: ({ intent, words, searchPattern }) => searchPattern ?? (words.length === 0 ? literalPattern(intent) : `(?i)(${[...new Set(words)].join('|')})`),
};
