import { quantitiesIn, statedAnswer } from './stated-answer.ts';

/** An answer check with its expected value known (a reference already resolved: check-episode.ts). */
export interface ResolvedAnswerCheck {
  expected: number | string;
  tolerance: number;
  /** what the user asked: the numbers it gives are inputs an answer may repeat, not answers of its own */
  prompt: string;
}

export interface CheckOutcome {
  success: boolean;
  /** One sentence on what was expected and what came back; the optimizer reads it. */
  feedback: string;
}

const QUOTE_CHARS = 160;
const SHOWN_NUMBERS = 5;

/**
 * Judges the agent's final answer against the task's check (docs/suites.md, "What an answer check accepts", says what counts).
 * A number is judged on the answer's final statement of a quantity (stated-answer.ts): it must state the
 * expected value, within the tolerance, and no other; a listing of candidates or a hedge ("1, 2, 3 or 4") is
 * not an answer, however many of its numbers are right. A text must appear as written, not inside a longer
 * word or number ("size: 101" is not found in "size: 1010").
 */
export function checkAnswer(check: ResolvedAnswerCheck, answer: string | null): CheckOutcome {
  if (answer === null) return { success: false, feedback: `No answer was given; expected ${describe(check)}.` };
  if (typeof check.expected === 'string') return checkText(check.expected, answer);
  const expected = check.expected;
  const right = (n: number) => Math.abs(n - expected) <= check.tolerance;
  const given = new Set(quantitiesIn(check.prompt));
  const stated = statedAnswer(answer, (n) => right(n) || !given.has(n));
  if (stated === undefined) return { success: false, feedback: `Expected ${expected}, but the answer states no number: "${quote(answer)}".` };
  const hit = stated.numbers.find(right);
  const others = [...new Set(stated.numbers.filter((n) => !right(n)))];
  if (hit !== undefined && others.length === 0) return { success: true, feedback: `Correct: the answer contains ${hit}, expected ${expected}.` };
  const gave = others.slice(0, SHOWN_NUMBERS).join(', ') + (others.length > SHOWN_NUMBERS ? ` and ${others.length - SHOWN_NUMBERS} more` : '');
  return {
    success: false,
    feedback:
      hit === undefined
        ? `Expected ${expected} (tolerance ${check.tolerance}), but the answer gave ${gave}: "${quote(stated.statement)}".`
        : `Expected ${expected} alone, but the answer's final statement also gives ${gave}, so it does not say which it is: "${quote(stated.statement)}".`,
  };
}

function checkText(expected: string, answer: string): CheckOutcome {
  return mentions(answer, expected)
    ? { success: true, feedback: `Correct: the answer mentions "${expected}".` }
    : { success: false, feedback: `Expected the answer to mention "${expected}", but it was: "${quote(answer)}".` };
}

/** Case-insensitive; an end of `text` that is a letter or digit must not run on into one in the answer. */
function mentions(answer: string, text: string): boolean {
  const haystack = answer.toLowerCase();
  const needle = text.toLowerCase();
  const word = /[\p{L}\p{N}]/u;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1] ?? '';
    const after = haystack[at + needle.length] ?? '';
    const startsClean = !word.test(needle[0] ?? '') || !word.test(before);
    const endsClean = !word.test(needle.at(-1) ?? '') || !word.test(after);
    if (startsClean && endsClean) return true;
  }
  return false;
}

function describe(check: ResolvedAnswerCheck): string {
  return typeof check.expected === 'number' ? String(check.expected) : `"${check.expected}"`;
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS)}...` : flat;
}
