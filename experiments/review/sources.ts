// What `tdo diff` and `tdo lint` read: a stored version (by id or unique prefix) or a descriptions file.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TraceStore } from '../../traces/index.ts';
import { readDescriptionsFile } from '../versions/descriptions-file.ts';
import { latestMeasurements, type MeasurementStore } from '../versions/measurements.ts';
import { describeOrigin } from '../versions/origin.ts';
import { resolveVersion } from '../versions/resolve.ts';
import type { DiffSource } from './version-diff.ts';

/** A reference names a file when such a file exists; otherwise it is a version id. */
export function isFileReference(ref: string): boolean {
  return statSync(ref, { throwIfNoEntry: false })?.isFile() === true;
}

export function fileSource(ref: string): DiffSource {
  const path = resolve(ref);
  return { label: path, server: null, origin: null, descriptions: readDescriptionsFile(path), measured: null };
}

export function versionSource(store: MeasurementStore & Pick<TraceStore, 'listVersions'>, ref: string): DiffSource {
  const version = resolveVersion(store, ref);
  return {
    label: version.id,
    server: version.server,
    origin: describeOrigin(version).label,
    descriptions: version.descriptions,
    measured: latestMeasurements(store, [version.id]).get(version.id) ?? null,
  };
}
