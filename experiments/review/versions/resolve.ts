import type { TraceStore, VersionRow } from '../../../traces/index.ts';
import { boundedList, inputError, unknownVersionError } from '../../../src/index.ts';

/** A version by its id or a unique prefix of it (ids are long to type). */
export function resolveVersion(store: Pick<TraceStore, 'getVersion' | 'listVersions' | 'path'>, ref: string): VersionRow {
  const exact = store.getVersion(ref);
  if (exact) return exact;
  const matches = store.listVersions().filter((v) => v.id.startsWith(ref));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw inputError(`"${ref}" matches ${matches.length} versions (${boundedList(matches.map((v) => v.id))}); give more of the id`);
  throw unknownVersionError(ref, store.path);
}
