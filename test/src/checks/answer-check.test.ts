import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../src/checks/answer-check.ts';
import { numbersIn } from '../../../src/checks/numbers.ts';

describe('numbersIn', () => {
  it('reads integers, decimals, exponents, signs and thousands separators', () => {
    expect(numbersIn('The total is 69,504.')).toEqual([69504]);
    expect(numbersIn('-3.5 and 1e3 and 2.5E-2')).toEqual([-3.5, 1000, 0.025]);
    expect(numbersIn('8.04672 km')).toEqual([8.04672]);
  });
  it('does not read hyphens inside dates or ranges as minus signs', () => {
    expect(numbersIn('Meeting memo, 2026-09-01')).toEqual([2026, 9, 1]);
    expect(numbersIn('5-3')).toEqual([5, 3]);
  });
  it('finds nothing in text without numbers', () => {
    expect(numbersIn('no digits here')).toEqual([]);
  });
});

describe('checkAnswer', () => {
  const check = { kind: 'answer' as const, expected: 69504, tolerance: 0.5 };
  it('accepts an answer containing the expected number', () => {
    expect(checkAnswer(check, 'The total is 69,504.').success).toBe(true);
    expect(checkAnswer(check, '69504').success).toBe(true);
  });
  it('rejects a wrong number and says what it saw', () => {
    const out = checkAnswer(check, 'The total is 69500.');
    expect(out.success).toBe(false);
    expect(out.feedback).toContain('69500');
    expect(out.feedback).toContain('69504');
  });
  it('rejects a missing answer with feedback', () => {
    const out = checkAnswer(check, null);
    expect(out.success).toBe(false);
    expect(out.feedback).toMatch(/No answer/);
  });
  it('respects the tolerance', () => {
    const tight = { kind: 'answer' as const, expected: 8.04672, tolerance: 0.001 };
    expect(checkAnswer(tight, '8.0467 km').success).toBe(true);
    expect(checkAnswer(tight, '8.05 km').success).toBe(false);
  });
  it('matches text answers case-insensitively', () => {
    const text = { kind: 'answer' as const, expected: 'Paris', tolerance: 0 };
    expect(checkAnswer(text, 'the capital is paris').success).toBe(true);
    expect(checkAnswer(text, 'Lyon').success).toBe(false);
  });
});
