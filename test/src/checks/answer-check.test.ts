import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../src/checks/answer-check.ts';
import { numbersIn } from '../../../src/text/numbers.ts';

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
  const check = { expected: 69504, tolerance: 0.5, prompt: 'Read notes.txt and sum the numbers in it.' };
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
    const tight = { expected: 8.04672, tolerance: 0.001, prompt: 'How many km is 5 miles?' };
    expect(checkAnswer(tight, '8.0467 km').success).toBe(true);
    expect(checkAnswer(tight, '8.05 km').success).toBe(false);
  });
  it('matches text answers case-insensitively', () => {
    const text = { expected: 'Paris', tolerance: 0, prompt: 'What is the capital of France?' };
    expect(checkAnswer(text, 'the capital is paris').success).toBe(true);
    expect(checkAnswer(text, 'Lyon').success).toBe(false);
  });

  it('judges the final statement: earlier ones may show the work, dates and times are not quantities', () => {
    expect(checkAnswer(check, '4 + 48000 + 9500 + 12000 = 69504.\nThe total is 69,504.').success).toBe(true);
    expect(checkAnswer(check, 'As of 2026-09-01 at 14:30, the total is 69,504.').success).toBe(true);
    expect(checkAnswer(check, 'The total is 69,504. Computed on 4 March 2026.').success).toBe(true);
    expect(checkAnswer(check, 'The total is 69,504. Each of the 4 attendees brought food.').success).toBe(false);
  });
  it('lets an answer repeat the numbers the prompt gave, but not add others of its own', () => {
    const tight = { expected: 8.04672, tolerance: 0.001, prompt: 'How many km is 5 miles?' };
    expect(checkAnswer(tight, '5 miles is 8.04672 km.').success).toBe(true);
    expect(checkAnswer(tight, '5 miles is about 8 km, or 8.04672 km exactly.').success).toBe(false);
    const givenIsExpected = { expected: 5, tolerance: 0.01, prompt: 'What is 5 plus 0?' };
    expect(checkAnswer(givenIsExpected, '5 plus 0 is 5.').success).toBe(true);
  });
  it('reads no quantity in a name with a number (eu-west-3), an id glued to letters (CO2) or an ordinal (3rd)', () => {
    const seven = { expected: 7, tolerance: 0, prompt: 'How many servers run in the region?' };
    expect(checkAnswer(seven, 'The 3rd region, eu-west-3, runs 7 CO2-neutral servers.').success).toBe(true);
  });
  it('rejects a listing or a hedge, however many of its numbers are right, and says so', () => {
    const three = { expected: 3, tolerance: 0, prompt: 'How many files are there?' };
    const hedge = checkAnswer(three, 'It is 1, 2, 3 or 4.');
    expect(hedge.success).toBe(false);
    expect(hedge.feedback).toBe(
      'Expected 3 alone, but the answer\'s final statement also gives 1, 2, 4, so it does not say which it is: "It is 1, 2, 3 or 4.".',
    );
    const spray = checkAnswer(three, Array.from({ length: 10_000 }, (_, i) => i).join(' '));
    expect(spray.success).toBe(false);
    expect(spray.feedback).toContain('also gives 0, 1, 2, 4, 5 and 9994 more');
  });
  it('finds a text only as written, not inside a longer word or number', () => {
    const size = { expected: 'size: 101', tolerance: 0, prompt: 'How many bytes is data/inventory.csv?' };
    expect(checkAnswer(size, 'size: 101\nmodified: today').success).toBe(true);
    expect(checkAnswer(size, 'size: 1010').success).toBe(false);
    const prefix = { expected: 'tdo-fs-', tolerance: 0, prompt: 'Which folders are you allowed to access?' };
    expect(checkAnswer(prefix, '/tmp/tdo-fs-a1b2').success).toBe(true);
  });
});
