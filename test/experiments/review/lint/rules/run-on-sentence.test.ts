import { describe, expect, it } from 'vitest';
import { flagged } from '../../../../support/lint-flags.ts';

describe('run-on-sentence', () => {
  it('flags a sentence started without ending the last, naming the join', () => {
    expect(flagged('Delete multiple tasks from the task board Use it when asked to forget tasks.', 'run-on-sentence')).toEqual([['warning', 'board Use']]);
    expect(flagged('Read the whole file It returns its text.', 'run-on-sentence')).toEqual([['warning', 'file It']]);
    expect(flagged("Evaluate an expression such as '3 * (4 + 5)' Guaranteed to give accurate results.", 'run-on-sentence')).toEqual([
      ['warning', "5)' Guaranteed"],
    ]);
    expect(flagged('Open nodes by name (exact match) For example, {"names":["a"]} returns a.', 'run-on-sentence')).toEqual([['warning', 'match) For']]);
  });

  it('leaves ended sentences, line breaks, names and titles alone', () => {
    for (const text of [
      'Read the board. Use it when asked to show the whole board.',
      'Read the board\nUse it when asked to show the whole board.',
      'Search the Web For Cats tool.',
      'Convert degrees Celsius to Fahrenheit.',
      'Returns: The path of the file.',
      'Parameters - path: The file to read.',
    ]) {
      expect(flagged(text, 'run-on-sentence'), text).toEqual([]);
    }
  });
});
