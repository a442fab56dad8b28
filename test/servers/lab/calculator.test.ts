import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALCULATOR_LIMITS, CalculatorError, evaluateExpression } from '../../../servers/lab/calculator.ts';
import { formatNumber } from '../../../servers/lab/format-number.ts';

// A fixed seed keeps the property tests deterministic; change it locally to explore.
const PROPERTY_RUN = { seed: 20261129, numRuns: 300 };

function errorOf(expression: string): string {
  try {
    evaluateExpression(expression);
  } catch (error) {
    expect(error).toBeInstanceOf(CalculatorError);
    return (error as Error).message;
  }
  throw new Error(`'${expression}' evaluated without an error`);
}

describe('evaluateExpression: results', () => {
  it.each([
    ['48000 + 9500 + 12000 + 4', 69504],
    ['3 * (4 + 5)', 27],
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 5', 2],
    ['7 / 2', 3.5],
    ['-3 + 5', 2],
    ['-(-3)', 3],
    ['+4 - -2', 6],
    ['2 * -3', -6],
    ['-2**2', -4],
    ['(-2)**2', 4],
    ['2**3**2', 512],
    ['2**-1', 0.5],
    ['2 * 3**2', 18],
    ['1e3 + 2.5E-1', 1000.25],
    ['.5 + 1.', 1.5],
    ['  12\t*\n7 ', 84],
    ['((((1))))', 1],
  ])('%s = %d', (expression, expected) => {
    expect(evaluateExpression(expression)).toBeCloseTo(expected, 12);
  });

  it('integer arithmetic a op b matches JavaScript', () => {
    const operand = fc.integer({ min: -1_000_000, max: 1_000_000 });
    fc.assert(
      fc.property(operand, fc.constantFrom('+', '-', '*', '/'), operand, (a, op, b) => {
        fc.pre(!(op === '/' && b === 0));
        const expected = op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
        // Negative literals go in parentheses, as a person would write them.
        const text = (n: number) => (n < 0 ? `(${n})` : String(n));
        expect(evaluateExpression(`${text(a)} ${op} ${text(b)}`)).toBe(expected);
      }),
      PROPERTY_RUN,
    );
  });

  it('addition chains of small integers are exact', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 40 }), (numbers) => {
        expect(evaluateExpression(numbers.join(' + '))).toBe(numbers.reduce((sum, n) => sum + n, 0));
      }),
      PROPERTY_RUN,
    );
  });
});

describe('evaluateExpression: bad input', () => {
  it.each([
    ["require('fs')", /Unexpected character 'r' at position 0\. calculator only takes numbers and \+ - \* \/ \*\* \( \)\..*to read a file use a file tool/],
    ['process.exit(1)', /Unexpected character 'p' at position 0/],
    ["constructor.constructor('return 1')()", /Unexpected character 'c'/],
    ['1; rm -rf /', /Unexpected character ';' at position 1.*Pass one arithmetic expression/],
    ['__proto__', /Unexpected character '_'/],
    ['`1`', /Unexpected character '`'/],
    ['48,000 + 1', /Remove thousands separators/],
    ['2^8', /Write powers with \*\*/],
    ['3 x 4', /Multiply with \*/],
    ['50%', /Percentages and modulo are not supported/],
  ])('rejects %s', (expression, message) => {
    expect(errorOf(expression)).toMatch(message);
  });

  it('rejects exponent bombs before computing them', () => {
    expect(errorOf('9**9**9')).toBe("Exponent 387420489 in '9**9**9' is too large: exponents must stay within ±1000.");
    expect(errorOf('2**100000')).toMatch(/Exponent 100000 .* too large/);
    expect(errorOf('2**-5000')).toMatch(/Exponent -5000 .* too large/);
  });

  it('rejects results beyond ±1e15, naming the part that overflowed', () => {
    expect(errorOf('10**400')).toMatch(/^'10\*\*400' is too large: numbers must stay within ±1e\+15/);
    expect(errorOf('1 + 999999999999999 * 10')).toMatch(/^'999999999999999 \* 10' is too large/);
    expect(errorOf('1e400')).toMatch(/'1e400' is too large/);
    expect(evaluateExpression(String(CALCULATOR_LIMITS.maxMagnitude))).toBe(1e15);
  });

  it('rejects overlong input, saying how to proceed', () => {
    expect(errorOf('1+'.repeat(300) + '1')).toMatch(/601 characters long; the limit is 500\. Split it/);
  });

  it('rejects deep nesting of parentheses and of signs', () => {
    expect(errorOf('('.repeat(60) + '1' + ')'.repeat(60))).toMatch(/nested too deeply/);
    expect(errorOf('-'.repeat(80) + '1')).toMatch(/nested too deeply/);
    expect(evaluateExpression('('.repeat(40) + '1' + ')'.repeat(40))).toBe(1);
  });

  it('rejects division by zero, quoting the division', () => {
    expect(errorOf('5 + 1/0')).toBe("Division by zero in '1/0'. Check the divisor.");
    expect(errorOf('4 / (2 - 2)')).toBe("Division by zero in '4 / (2 - 2)'. Check the divisor.");
    expect(errorOf('0**-1')).toMatch(/^Division by zero in '0\*\*-1'/);
  });

  it('rejects results that are not real numbers', () => {
    expect(errorOf('(-8)**(1/3)')).toMatch(/not a real number/);
  });

  it.each([
    ['(1 + 2', /Missing '\)' for the '\(' at position 0/],
    ['1 + 2)', /Unmatched '\)' at position 5/],
    ['()', /Unexpected '\)' at position 1/],
    ['1 +', /ends too early/],
    ['* 2', /Expected a number at position 0 but found '\*'/],
    ['2 3', /Expected an operator at position 2 but found '3'/],
    ['2(3)', /2 \* \(3 \+ 4\) rather than 2\(3 \+ 4\)/],
    ['1.2.3', /Expected an operator at position 3/],
  ])('rejects malformed %s', (expression, message) => {
    expect(errorOf(expression)).toMatch(message);
  });

  it('rejects empty and blank expressions', () => {
    expect(errorOf('')).toMatch(/^Empty expression/);
    expect(errorOf('   ')).toMatch(/^Empty expression/);
  });

  it('only ever returns a finite number or throws CalculatorError, whatever the input', () => {
    const alphabet = fc.constantFrom(...'0123456789.+-*/() e'.split(''), '**');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(alphabet, { maxLength: 60 }).map((parts) => parts.join('')),
        ),
        (expression) => {
          try {
            const value = evaluateExpression(expression);
            expect(Number.isFinite(value)).toBe(true);
            expect(Math.abs(value)).toBeLessThanOrEqual(CALCULATOR_LIMITS.maxMagnitude);
            expect(() => formatNumber(value)).not.toThrow();
          } catch (error) {
            expect(error).toBeInstanceOf(CalculatorError);
          }
        },
      ),
      PROPERTY_RUN,
    );
  });
});
