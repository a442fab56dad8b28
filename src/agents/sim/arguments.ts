import type { JsonSchema } from '../../catalogue/catalogue-types.ts';
import { ResultText } from '../../suite/references.ts';
import { BoundedMap, memoized } from './memo.ts';
import { words } from '../../text/words.ts';

/**
 * Fills the chosen tool's parameters from the plan step's arguments, after the choice: first by name
 * (exact, then ignoring case and separators: file_path = filePath), then by type for parameters still
 * empty (required ones first), each plan argument used at most once. Never invents a value: a
 * parameter nothing fits is left out, and the server's own error tells the caller what was missing.
 * A schema that declares no properties and does not forbid extra ones gets the arguments unchanged.
 * An earlier step's text (ResultText) gives a numeric parameter its one number, any other its text.
 */
export function mapArguments(planArgs: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  const properties = schema.properties;
  if (properties === undefined || Object.keys(properties).length === 0) {
    return schema.additionalProperties === false ? {} : Object.fromEntries(Object.entries(planArgs).map(([k, v]) => [k, v instanceof ResultText ? v.text : v]));
  }
  const remaining = new Map(Object.entries(planArgs));
  const filled: Record<string, unknown> = {};
  const paramNames = Object.keys(properties);

  for (const param of paramNames) {
    const key = remaining.has(param) ? param : findByNormalName(remaining, normalizeName(param));
    if (key === undefined) continue;
    filled[param] = coerceForName(remaining.get(key), properties[param]!);
    remaining.delete(key);
  }

  const required = new Set(schema.required ?? []);
  const byTypeOrder = [...paramNames.filter((p) => required.has(p)), ...paramNames.filter((p) => !required.has(p))];
  for (const param of byTypeOrder) {
    if (param in filled) continue;
    for (const [key, value] of remaining) {
      const fitted = fitByType(value, properties[param]!);
      if (fitted === NO_FIT) continue;
      filled[param] = fitted;
      remaining.delete(key);
      break;
    }
  }
  return filled;
}

const NO_FIT = Symbol('no fit');

/** The first key, in insertion order, whose normal form is `form`. */
function findByNormalName(remaining: Map<string, unknown>, form: string): string | undefined {
  for (const key of remaining.keys()) if (normalizeName(key) === form) return key;
  return undefined;
}

// Parameter and argument names recur at every call of every episode; their normal form is kept rather than
// re-split each time (bounded: names come from servers' schemas and results).
const normalized = new BoundedMap<string, string>(4096);

/** A name's words run together, lower-cased: file_path, filePath and FilePath all read "filepath". */
export function normalizeName(name: string): string {
  return memoized(normalized, name, () => words(name).join(''));
}

function declaredTypes(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** A value matched by name keeps its type, except that a numeric string (or a result's one number) meets a numeric parameter. */
function coerceForName(value: unknown, schema: JsonSchema): unknown {
  const types = declaredTypes(schema);
  const text = value instanceof ResultText ? value.text : value;
  if (typeof text === 'string' && !types.includes('string')) {
    const number = numericValue(value instanceof ResultText ? (value.number ?? text) : text, types);
    if (number !== undefined) return number;
  }
  return text;
}

/** The value as this parameter would take it, or NO_FIT. */
function fitByType(planValue: unknown, schema: JsonSchema): unknown {
  const value = planValue instanceof ResultText ? planValue.text : planValue;
  const numeric = planValue instanceof ResultText ? planValue.number : value;
  if (schema.enum !== undefined && !schema.enum.includes(value)) return NO_FIT;
  const types = declaredTypes(schema);
  for (const type of types) {
    if (type === 'string' && typeof value === 'string') return value;
    if ((type === 'number' || type === 'integer') && (typeof numeric === 'number' || typeof numeric === 'string')) {
      const number = numericValue(numeric, [type]);
      if (number !== undefined) return number;
    }
    if (type === 'boolean' && typeof value === 'boolean') return value;
    if (type === 'array' && Array.isArray(value)) return value;
    if (type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  }
  return NO_FIT;
}

function numericValue(value: number | string, types: string[]): number | undefined {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) return undefined;
  if (types.includes('number')) return number;
  if (types.includes('integer') && Number.isInteger(number)) return number;
  return undefined;
}
