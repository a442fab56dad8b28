import { numbersIn } from './numbers.ts';

/** An answer check with its expected value known (a reference already resolved: check-episode.ts). */
export interface Check {
  expected: number | string;
  tolerance: number;
}

export interface CheckOutcome {
  success: boolean;
  /** One sentence on what was expected and what came back; the optimizer reads it. */
  feedback: string;
}

const QUOTE_CHARS = 160;

/** Judges the agent's final answer against the task's check. */
export function checkAnswer(check: Check, answer: string | null): CheckOutcome {
  if (answer === null) return { success: false, feedback: `No answer was given; expected ${describe(check)}.` };
  if (typeof check.expected === 'number') {
    const expected = check.expected;
    const numbers = numbersIn(answer);
    const hit = numbers.find((n) => Math.abs(n - expected) <= check.tolerance);
    if (hit !== undefined) return { success: true, feedback: `Correct: the answer contains ${hit}, expected ${expected}.` };
    return {
      success: false,
      feedback:
        numbers.length === 0
          ? `Expected ${expected}, but the answer contains no number: "${quote(answer)}".`
          : `Expected ${expected} (tolerance ${check.tolerance}), but the answer gave ${numbers.slice(0, 5).join(', ')}: "${quote(answer)}".`,
    };
  }
  const ok = answer.toLowerCase().includes(check.expected.toLowerCase());
  return ok
    ? { success: true, feedback: `Correct: the answer mentions "${check.expected}".` }
    : { success: false, feedback: `Expected the answer to mention "${check.expected}", but it was: "${quote(answer)}".` };
}

function describe(check: Check): string {
  return typeof check.expected === 'number' ? String(check.expected) : `"${check.expected}"`;
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS)}...` : flat;
}
