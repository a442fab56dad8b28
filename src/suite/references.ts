// What a `{$from: N, path?}` reference in a suite stands for, given what step N returned: the sim agent
// passes it as an argument (src/agents/sim/agent.ts) and a check compares the answer with it
// (src/checks/check-episode.ts), so a task need not write down values only a tool can know.
import { numbersIn } from '../text/numbers.ts';
import { isStepReference, type StepReference } from './schema.ts';

/** What one step returned: its text, and its structured content when the server sent one. */
export interface StepResult {
  text: string;
  structured?: Record<string, unknown> | undefined;
}

/**
 * A text a reference resolved to that is more than a number ("12.50 EUR"): a parameter that takes a number
 * gets the one number written in it, any other parameter the text.
 */
export class ResultText {
  constructor(readonly text: string) {}

  /** The number the text holds, when it holds exactly one (as the answer check reads numbers). */
  get number(): number | undefined {
    const numbers = numbersIn(this.text);
    return numbers.length === 1 ? numbers[0] : undefined;
  }
}

/** The value, or why it could not be had (a sentence for the episode's note or the check's feedback). */
export type Resolution = { value: unknown } | { missing: string };

/**
 * Without a path: the step's text, trimmed; a number when the text is nothing else ("1039"). With one: the field
 * of its structured content, else of its text read as JSON; array items by index ("items.0.price").
 */
export function resolveReference(ref: StepReference, result: StepResult): Resolution {
  if (ref.path === undefined) return { value: fromText(result.text) };
  const segments = ref.path.split('.');
  for (const source of [result.structured, jsonOf(result.text)]) {
    const found = walk(source, segments);
    if (found.found) return { value: typeof found.value === 'string' ? fromText(found.value) : found.value };
  }
  return { missing: `step ${ref.$from}'s result has no "${ref.path}" (it returned: "${brief(result.text)}")` };
}

/** A step's arguments with each reference replaced by its value; `results[i]` is what step i + 1 returned. */
export function resolveArguments(
  args: Record<string, unknown>,
  results: readonly (StepResult | undefined)[],
): { args: Record<string, unknown> } | { missing: string } {
  const resolved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (!isStepReference(value)) {
      resolved[key] = value;
      continue;
    }
    const result = results[value.$from - 1];
    if (result === undefined) return { missing: `step ${value.$from} returned nothing to take "${key}" from` };
    const resolution = resolveReference(value, result);
    if ('missing' in resolution) return { missing: `"${key}": ${resolution.missing}` };
    resolved[key] = resolution.value;
  }
  return { args: resolved };
}

const PURE_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function fromText(text: string): number | ResultText {
  const trimmed = text.trim();
  return PURE_NUMBER.test(trimmed) ? Number(trimmed) : new ResultText(trimmed);
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function walk(value: unknown, segments: readonly string[]): { found: true; value: unknown } | { found: false } {
  let current = value;
  for (const segment of segments) {
    if (Array.isArray(current) && /^\d+$/.test(segment) && Number(segment) < current.length) current = current[Number(segment)];
    else if (current !== null && typeof current === 'object' && !Array.isArray(current) && Object.hasOwn(current, segment))
      current = (current as Record<string, unknown>)[segment];
    else return { found: false };
  }
  return { found: true, value: current };
}

function brief(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}
