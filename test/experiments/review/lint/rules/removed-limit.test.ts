import { describe, expect, it } from 'vitest';
import { lintDescription } from '../../../../../experiments/review/lint/lint.ts';
import { flagsOf } from '../../../../support/lint-flags.ts';

describe('removed-limit', () => {
  const calc = "Evaluate an arithmetic expression such as '3 * (4 + 5)'. Numbers and + - * / ** only.";
  const read = "Read a text file inside the server's working directory. Returns at most 4000 characters.";

  it('flags a limit the parent stated and the child dropped, naming the sentence', () => {
    const flags = lintDescription('calculator', "Evaluate an arithmetic expression such as '3 * (4 + 5)'. Highly recommended.", {
      parent: { calculator: calc },
    }).filter((f) => f.rule === 'removed-limit');
    expect(flags.map((f) => [f.phrase, f.severity])).toEqual([['Numbers and + - * / ** only.', 'warning']]);
    expect(flags[0]!.message).toContain('"Numbers and + - * / ** only."');
    expect(flagsOf('removed-limit', 'read_file', "Read a text file inside the server's working directory.", { parent: { read_file: read } })).toEqual([
      'Returns at most 4000 characters.',
    ]);
    expect(flagsOf('removed-limit', 'calc', 'Adds numbers.', { parent: { calc: 'Adds numbers. It does not read files.' } })).toEqual([
      'It does not read files.',
    ]);
  });

  it('keeps a limit that is still there, moved or reworded', () => {
    expect(flagsOf('removed-limit', 'calculator', `Use it for sums. ${calc}`, { parent: { calculator: calc } })).toEqual([]);
    expect(
      flagsOf('removed-limit', 'calculator', "Evaluate an expression such as '3 * (4 + 5)'. Numbers and + - * / ** and parentheses only.", {
        parent: { calculator: calc },
      }),
    ).toEqual([]);
    expect(
      flagsOf('removed-limit', 'read_file', "Read a text file inside the server's working directory. Returns at most 4000 characters of it.", {
        parent: { read_file: read },
      }),
    ).toEqual([]);
    // restated as the tool's scope
    expect(
      flagsOf('removed-limit', 'calculator', 'Evaluates arithmetic. Supports numbers, + - * / ** and parentheses.', { parent: { calculator: calc } }),
    ).toEqual([]);
  });

  it('does not count a limit turned into a use as kept', () => {
    expect(
      flagsOf('removed-limit', 'convert', 'Converts units. Use it for: work, percent, tip.', {
        parent: { convert: 'Converts units. Not for: work, percent, tip.' },
      }),
    ).toEqual(['Not for: work, percent, tip.']);
  });

  it('needs a parent, and compares the same tool only', () => {
    expect(flagsOf('removed-limit', 'calculator', 'Evaluate an arithmetic expression.')).toEqual([]);
    expect(flagsOf('removed-limit', 'calculator', 'Evaluate an arithmetic expression.', { parent: { read_file: read } })).toEqual([]);
  });
});
