// A page's query parameters, read with zod (they come from outside): its filters and which page of rows it shows.
import * as z from 'zod';
import type { PageWindow } from '../traces/index.ts';
import { badQuery } from './errors.ts';

export const PAGE_SIZE = 50;

/** A filter's text: absent when empty, bounded so a query cannot ask for a long scan key. */
const text = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v === '' ? undefined : v));
/** A switch: present as `1`. */
const flag = z
  .enum(['1', ''])
  .optional()
  .transform((v) => v === '1');
const pageNumber = z.coerce.number().int().min(1).max(1_000_000).default(1);

export const filterText = text;
export const filterFlag = flag;

/** The query's parameters as the schema reads them (the last value of a repeated name), or a 400 naming the parameter to fix. */
export function parseQuery<T extends z.ZodType>(schema: T, query: URLSearchParams): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(query));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badQuery(`query parameter "${issue.path.join('.') || '(query)'}": ${issue.message}`);
}

/** Reads `query` against `shape` plus `page`, the filters of a list. */
export function readQuery<S extends z.ZodRawShape>(query: URLSearchParams, shape: S): z.infer<z.ZodObject<S>> & { page: number } {
  return parseQuery(z.object({ ...shape, page: pageNumber }), query) as z.infer<z.ZodObject<S>> & { page: number };
}

/** A whole number ≥ 0 given as query text (`?candidate=3`). */
export const queryIndex = z.coerce.number().int().nonnegative();

export function pageWindow(page: number): PageWindow {
  return { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
}

/** The URL of `path` with `query` changed by `changes` (undefined removes a parameter): links that keep the filters. */
export function withQuery(path: string, query: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(query);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  const text = next.toString();
  return text === '' ? path : `${path}?${text}`;
}
