import { describe, expect, it } from 'vitest';
import {
  MAX_FIELD_CHARS,
  MAX_PATTERN_LENGTH,
  MAX_PROGRAM_SIZE,
  MAX_TOOL_CHARS,
  patternProblem,
  regexIndex,
} from '../../../../src/catalogue/tool-search/regex.ts';

const fields = (description: string) => ({ name: 't', description, argumentNames: [], argumentDescriptions: [] });

describe('regex patterns', () => {
  it('refuses an empty pattern, one over the length bound, and one RE2 cannot compile (lookaround, backreferences)', () => {
    expect(patternProblem('')).toBe('the pattern is empty');
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe(
      `the pattern has ${MAX_PATTERN_LENGTH + 1} characters; at most ${MAX_PATTERN_LENGTH} are allowed`,
    );
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH))).toBeUndefined();
    expect(patternProblem('[unclosed')).toMatch(/is not a valid regular expression/);
    expect(patternProblem('(?=read)file')).toMatch(/is not a valid regular expression/);
    expect(patternProblem('(a)\\1')).toMatch(/is not a valid regular expression/);
  });

  it('matches a pattern that backtracks exponentially in a backtracking engine, on a bounded field', () => {
    // (a+)+$ against a run of a's ending in "!" takes a backtracking engine 2^n steps; RE2 does not backtrack
    const score = regexIndex([fields(`${'a'.repeat(MAX_FIELD_CHARS - 1)}!`), fields('aaa')]);
    expect(score('(a+)+$')).toEqual([0, 1]);
  });

  it('matches only the first MAX_FIELD_CHARS characters of a field', () => {
    const score = regexIndex([fields(`${'x'.repeat(MAX_FIELD_CHARS)}needle`)]);
    expect(score('needle')).toEqual([0]);
    expect(score('x')).toEqual([1]);
  });

  it('refuses a short pattern whose counted repetitions compile to more than MAX_PROGRAM_SIZE instructions, naming the count', () => {
    // 195 characters that took 2 s per 10,000-character field: each {1000} is a thousand copies of its body
    const expanded = '(?:\\w|\\s){1000}'.repeat(13);
    expect(expanded.length).toBeLessThanOrEqual(MAX_PATTERN_LENGTH);
    expect(patternProblem(expanded)).toMatch(new RegExp(`is too complex: it compiles to \\d+ RE2 instructions, at most ${MAX_PROGRAM_SIZE} are allowed`));
    expect(regexIndex([fields('word')])(expanded)).toEqual({ problem: patternProblem(expanded) });
    expect(patternProblem('\\w{200}')).toBeUndefined();
  });

  it('takes any pattern of MAX_PATTERN_LENGTH characters with no counted repetition', () => {
    const longest = (unit: string) => unit.repeat(Math.floor(MAX_PATTERN_LENGTH / unit.length));
    for (const pattern of [longest('a*'), longest('(a?)'), `(?i)${longest('word|').slice(0, MAX_PATTERN_LENGTH - 6)}x`, longest('(?:\\pL|\\d)*')]) {
      expect(patternProblem(pattern), pattern).toBeUndefined();
    }
  });

  it("matches only the first MAX_TOOL_CHARS characters of a tool's fields, however many arguments its schema has", () => {
    const description = 'd'.repeat(MAX_FIELD_CHARS);
    const tool = {
      name: 't',
      description,
      argumentNames: Array.from({ length: 3 }, (_, i) => `arg${i}`),
      argumentDescriptions: ['e'.repeat(MAX_FIELD_CHARS), 'needle'],
    };
    const score = regexIndex([tool]);
    expect(score('arg2')).toEqual([1]);
    expect(score('e{10}')).toEqual([1]);
    expect(score('needle')).toEqual([0]);
  });
});
