import { describe, expect, it } from 'vitest';
import { MAX_FIELD_CHARS, MAX_PATTERN_LENGTH, patternProblem, regexIndex } from '../../../../src/host/tool-search/regex.ts';

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
});
