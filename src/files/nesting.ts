import { inputError } from '../errors.ts';

/** Deeper than any suite, config or descriptions file needs; far below where a recursive walk overflows the stack. */
export const MAX_NESTING = 100;

/**
 * Refuses a parsed file whose arrays and objects nest deeper than MAX_NESTING, naming where. A 10 KB file can
 * nest thousands of levels, and every recursive reader after the parser (interpolation, the schema, the scaffold
 * check) would overflow the stack on it; the walk here is a loop, so it cannot.
 */
export function refuseDeepNesting(value: unknown, what: string): void {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: node, path } = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (path.length >= MAX_NESTING) {
      throw inputError(`${what} nests deeper than ${MAX_NESTING} levels (at ${path.slice(0, 6).join('.')}...); flatten it`);
    }
    for (const [key, child] of Object.entries(node)) pending.push({ value: child, path: [...path, key] });
  }
}
