import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateBinaryOperation } from '../../../servers/labplus/binary-operation.ts';

describe('evaluateBinaryOperation', () => {
  it.each([
    ['12 * 7', 84],
    ['3.5 + 2', 5.5],
    ['10 - 25', -15],
    ['9 / 4', 2.25],
    ['-3*-2', 6],
    ['  48000+9500 ', 57500],
  ])('evaluates %s', (query, expected) => {
    expect(evaluateBinaryOperation(query)).toBe(expected);
  });

  it.each([
    'Read notes.txt and sum the numbers in it.',
    'notes.txt',
    'convert 5 miles to km',
    '5 mi in km',
    '48000 + 9500 + 12000 + 4',
    '(12 * 7)',
    '2 ** 10',
    'what is 12 * 7?',
    '12 * 7 please',
    '1 / 0',
    '',
    '12',
  ])('does nothing with %s', (query) => {
    expect(evaluateBinaryOperation(query)).toBeUndefined();
  });

  it('agrees with JavaScript on any two integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.constantFrom('+', '-', '*'), fc.integer({ min: -1e6, max: 1e6 }), (a, op, b) => {
        const expected = op === '+' ? a + b : op === '-' ? a - b : a * b;
        expect(evaluateBinaryOperation(`${a} ${op} ${b}`)).toBe(expected);
      }),
      { seed: 20261129, numRuns: 200 },
    );
  });
});
