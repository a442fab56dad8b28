import { describe, expect, it } from 'vitest';
import { lintDescription } from '../../../../../experiments/review/lint/lint.ts';
import { flagsOf } from '../../../../support/lint-flags.ts';

describe('copied-result', () => {
  it('flags a clipped fragment of a tool output, cut mid-word or mid-sentence', () => {
    expect(
      flagsOf('copied-result', 'read_file', 'Read a text file. Example: {"path":"household-budget.txt"} returns November budget - the Okafor househol....'),
    ).toEqual(['November budget - the Okafor househol...']);
    expect(
      flagsOf('copied-result', 'read_file', 'Read a text file. Example: {"path":"road-trip-log.txt"} returns Road trip log - Utah and Arizona, Jun....'),
    ).toEqual(['log - Utah and Arizona, Jun...']);
    expect(flagsOf('copied-result', 'read_file', 'Read a text file. Example: returns Groceries 12.5....')).toEqual(['returns Groceries 12.5...']);
    expect(flagsOf('copied-result', 'read_file', 'Read a text file. Example: returns the first line and ... [truncated]')).toHaveLength(1);
  });

  it('leaves ellipses people write alone', () => {
    for (const text of [
      'Returns the area, e.g. returns 0.333...\n\nor 1.718...',
      'Directions. Example: returns {"route": "Fastest route from New York, NY to Los Angeles, CA...", "duration": "40 hours"}',
      'Factorial of n: n * (n-1) * ... * 1, for n in (0, 1, 2, ...).',
      'Lists items (books, films, etc...).',
      'Returns {...} or [...] as JSON.',
    ]) {
      expect(flagsOf('copied-result', 't', text), text).toEqual([]);
    }
  });

  it('with recorded results, flags a long verbatim fragment of one and names it', () => {
    const toolResults = ['November budget - the Okafor household\n\nTake-home pay 4200\nExpenses\nRent 1450', '177.8 cm'];
    const text = 'Read a text file. It returns text like: November budget - the Okafor household, take-home pay 4200.';
    const flags = lintDescription('read_file', text, { toolResults }).filter((f) => f.rule === 'copied-result');
    expect(flags.map((f) => f.phrase)).toEqual(['November budget - the Okafor household, take-home pay 4200']);
    expect(flags[0]!.message).toMatch(/copied word for word from a recorded tool result/);
    // short examples of results, and text the results do not hold, are not copies
    expect(flagsOf('copied-result', 'unit_convert', 'Convert a value. Example: {"value":70,"from":"in","to":"cm"} returns 177.8 cm.', { toolResults })).toEqual(
      [],
    );
    expect(flagsOf('copied-result', 'read_file', text)).toEqual([]);
  });
});
