/**
 * All that smart_compute really does: one + - * / between two literal numbers ("12 * 7", "3.5 + 2").
 * Anything else (files, units, longer arithmetic, words) is undefined.
 */

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
const BINARY_OPERATION = new RegExp(String.raw`^\s*(${NUMBER})\s*([-+*/])\s*(${NUMBER})\s*$`);

export function evaluateBinaryOperation(query: string): number | undefined {
  const match = BINARY_OPERATION.exec(query);
  if (!match) return undefined;
  const [, leftText, operator, rightText] = match;
  const left = Number(leftText);
  const right = Number(rightText);
  const result = operator === '+' ? left + right : operator === '-' ? left - right : operator === '*' ? left * right : left / right;
  return Number.isFinite(result) ? result : undefined;
}
