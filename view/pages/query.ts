// A page's query and path parameters, read through zod: a value the page cannot use is the user's input error
// (src/errors.ts), named with the parameter, never a page drawn from half of it.
import * as z from 'zod';
import { inputError } from '../../src/index.ts';

/** The query's parameters as the schema reads them (the last value of a repeated name). */
export function parseQuery<T extends z.ZodType>(schema: T, query: URLSearchParams): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(query.entries()));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw inputError(`query parameter ${issue.path.join('.') || '(query)'}: ${issue.message}`);
}

/** A whole number ≥ 0 given as query text (`?candidate=3`). */
export const queryIndex = z.coerce.number().int().nonnegative();
