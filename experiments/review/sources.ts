// What `tdo diff` and `tdo lint` read: a stored version (by id or unique prefix) or a descriptions file.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TraceStore } from '../../traces/index.ts';
import { shareablePath } from '../../src/index.ts';
import { readDescriptionsFile } from './versions/descriptions-file.ts';
import { latestMeasurements, type MeasurementStore } from './versions/measurements.ts';
import { describeOrigin } from './versions/origin.ts';
import { resolveVersion } from './versions/resolve.ts';
import type { DiffSource } from './version-diff.ts';

/**
 * A reference names a file when such a file exists, or when it reads as a path (a folder or a .json ending), which
 * no version id does: a missing file is then reported as missing, not as an unknown version.
 */
export function isFileReference(ref: string): boolean {
  return statSync(ref, { throwIfNoEntry: false })?.isFile() === true || /[/\\]|\.json$/i.test(ref);
}

export function fileSource(ref: string): DiffSource {
  const path = resolve(ref);
  // a diff's Markdown and HTML go into pull requests: the file as the project names it, not the home folder
  return { label: shareablePath(path), server: null, origin: null, descriptions: readDescriptionsFile(path), measured: null };
}

/**
 * How much of each recorded result lint reads: ten times what a proposer is shown of one (the reflective dataset's
 * fieldChars, optimizer/adapter/reflection.ts), so all that a search could have copied from it, and 500 results of it hold
 * 2 MB, whatever the results' size.
 */
export const LINT_RESULT_CHARS = 4_000;

/** What `tdo lint VERSION` compares a stored version with: its parents' descriptions and what its server's tools returned. */
export interface LintSubject {
  parents: Array<{ id: string; descriptions: Record<string, string> }>;
  /** recorded results of successful calls of the version's tools on its server, newest first (at most 500), their first LINT_RESULT_CHARS characters */
  toolResults: string[];
}

export function lintSubject(store: Pick<TraceStore, 'getVersion' | 'toolResults'>, versionId: string): LintSubject {
  const version = store.getVersion(versionId);
  if (version === undefined) return { parents: [], toolResults: [] };
  const parents = version.parents.flatMap((id) => {
    const parent = store.getVersion(id);
    return parent === undefined ? [] : [{ id, descriptions: parent.descriptions }];
  });
  return { parents, toolResults: store.toolResults({ server: version.server, tools: Object.keys(version.descriptions), chars: LINT_RESULT_CHARS }) };
}

export function versionSource(store: MeasurementStore & Pick<TraceStore, 'listVersions' | 'path'>, ref: string): DiffSource {
  const version = resolveVersion(store, ref);
  return {
    label: version.id,
    server: version.server,
    origin: describeOrigin(version).label,
    descriptions: version.descriptions,
    measured: latestMeasurements(store, [version.id]).get(version.id) ?? null,
  };
}
