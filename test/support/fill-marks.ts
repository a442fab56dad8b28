// What an author does to a drafted suite before it runs: every value marked FILL (src/suite/scaffold.ts) written.
import { FILL } from '../../src/suite/scaffold.ts';

/** A copy of `value` with each text that starts with FILL replaced by what `write` gives for it, at its path ("tasks.0.prompt"). */
export function fillMarks(value: unknown, write: (mark: string, path: string) => unknown, path: string[] = []): unknown {
  if (typeof value === 'string') return value.startsWith(FILL) ? write(value, path.join('.')) : value;
  if (Array.isArray(value)) return value.map((v, i) => fillMarks(v, write, [...path, String(i)]));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillMarks(v, write, [...path, k])]));
  return value;
}
