import { numbersIn } from '../text/numbers.ts';

/**
 * Spans whose digits are not quantities an answer could state: dates (2026-09-01, 01/09/2026, 4 March 2026,
 * March 4), clock times (14:30), ordinals (3rd) and names joined to a number by a hyphen (eu-west-3). Each
 * pattern has no nested repetition, so it runs in linear time on any text.
 */
const MONTH =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\\b\\.?';
const NOT_QUANTITIES = [
  /\b\d{4}-\d{1,2}-\d{1,2}\b/g,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g,
  new RegExp(`\\b\\d{1,2}\\s+${MONTH}(?:\\s+\\d{4})?\\b`, 'gi'),
  new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?\\b`, 'gi'),
  /\b\d{1,2}:\d{2}(?::\d{2})?\b/g,
  /\b\d+(?:st|nd|rd|th)\b/gi,
  /\b[a-z]+-\d+\b/gi,
];

/** A statement ends at a line break, or at . ! ? ; followed by white space (so 8.05 stays one number). */
const STATEMENT_END = /\n|(?<=[.!?;])\s+/;

export interface StatedAnswer {
  /** the answer's final statement that states a quantity, as written */
  statement: string;
  /** the quantities it states, in order */
  numbers: number[];
}

/**
 * What an answer states as its number: the quantities of its final statement that states any, leaving out
 * dates, times, ordinals and names with numbers, and those `counts` refuses (the check leaves out the numbers
 * the task's prompt gave, which an answer may repeat: "5 miles is 8.04672 km"). Earlier statements may show the
 * work; the last one is the answer. Undefined when the answer states no quantity at all.
 */
export function statedAnswer(answer: string, counts: (n: number) => boolean): StatedAnswer | undefined {
  const statements = answer.split(STATEMENT_END);
  for (let i = statements.length - 1; i >= 0; i--) {
    const statement = statements[i]!;
    const numbers = quantitiesIn(statement).filter(counts);
    if (numbers.length > 0) return { statement: statement.trim(), numbers };
  }
  return undefined;
}

/** The numbers of a text that are quantities: every number but those in dates, times, ordinals and names. */
export function quantitiesIn(text: string): number[] {
  const masked = NOT_QUANTITIES.reduce((t, pattern) => t.replace(pattern, (span) => ' '.repeat(span.length)), text);
  return numbersIn(masked);
}
