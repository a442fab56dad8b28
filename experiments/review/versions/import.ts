// `tdo import`: record a hand-edited descriptions file as a version of a server, with its lineage.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { diffWords } from 'diff';
import { contentHash, MAX_DESCRIPTION_CHARS, type TraceStore, type VersionRow } from '../../../traces/index.ts';
import { boundedList, inputError } from '../../../src/index.ts';
import { readDescriptionsFile } from './descriptions-file.ts';
import { resolveVersion } from './resolve.ts';

export interface ImportResult {
  version: VersionRow;
  /** false when the same text was already stored (the existing version is returned unchanged) */
  created: boolean;
  parent: { id: string; chosen: 'given' | 'closest' } | null;
  /** Tools the server's other versions describe and the file does not: they keep the server's own text. */
  missing: string[];
}

export interface ImportOptions {
  /** the version it was edited from (default: the stored version it shares most text with) */
  parent?: string;
  /** record it even though the server has no version yet (otherwise a mistyped name would start a new server) */
  newServer?: boolean;
}

/** A descriptions file read and checked for import, before any store is opened. */
export interface VersionFile {
  path: string;
  descriptions: Record<string, string>;
}

/** Reads and checks a descriptions file to import; a file it refuses (not one, too long) needs no store. */
export function readVersionFile(file: string): VersionFile {
  const path = resolve(file);
  refuseOversized(path);
  const descriptions = readDescriptionsFile(path);
  const tooLong = Object.entries(descriptions).find(([, text]) => text.length > MAX_DESCRIPTION_CHARS);
  if (tooLong !== undefined) {
    throw inputError(
      `${path} describes "${tooLong[0].slice(0, 64)}" in ${tooLong[1].length.toLocaleString('en-US')} characters; descriptions may have at most ${MAX_DESCRIPTION_CHARS.toLocaleString('en-US')}; nothing was recorded`,
    );
  }
  return { path, descriptions };
}

export function importVersion(
  store: Pick<TraceStore, 'listVersions' | 'getVersion' | 'recordVersion' | 'path'>,
  file: string | VersionFile,
  server: string,
  options: ImportOptions = {},
): ImportResult {
  const { path, descriptions } = typeof file === 'string' ? readVersionFile(file) : file;
  const known = store.listVersions(server);
  if (known.length === 0 && options.newServer !== true) refuseUnknownServer(store, server);
  const knownTools = new Set(known.flatMap((v) => Object.keys(v.descriptions)));
  if (known.length > 0) {
    const unknown = Object.keys(descriptions).filter((tool) => !knownTools.has(tool));
    if (unknown.length > 0)
      throw inputError(
        `${path} describes ${boundedList(unknown)}, which server "${server}" does not list (it lists ${boundedList([...knownTools].sort())}); nothing was recorded`,
      );
  }
  const existing = known.find((v) => v.contentHash === contentHash(descriptions));
  if (existing !== undefined) return { version: existing, created: false, parent: null, missing: [] };

  let parent: ImportResult['parent'] = null;
  if (options.parent !== undefined) {
    const given = resolveVersion(store, options.parent);
    if (given.server !== server) throw inputError(`parent ${given.id} is a version of server "${given.server}", not "${server}"`);
    parent = { id: given.id, chosen: 'given' };
  } else {
    const closest = closestVersion(known, descriptions);
    if (closest !== undefined) parent = { id: closest.id, chosen: 'closest' };
  }
  const version = store.recordVersion({
    server,
    descriptions,
    origin: 'imported',
    originDetail: { file: path, imported_at: new Date().toISOString() },
    parents: parent === null ? [] : [parent.id],
  });
  return { version, created: true, parent, missing: [...knownTools].filter((tool) => !Object.hasOwn(descriptions, tool)).sort() };
}

/** A server with no version is one no run has connected and nothing was imported for: most likely a typo. */
function refuseUnknownServer(store: Pick<TraceStore, 'listVersions'>, server: string): never {
  const servers = [...new Set(store.listVersions().map((v) => v.server))].sort();
  const known = servers.length === 0 ? 'the trace store has no versions of any server yet' : `servers with versions: ${servers.join(', ')}`;
  throw inputError(
    `server "${server}" has no description versions (${known}); give one of those to --server, or --new-server to record the file as the first version of "${server}"; nothing was recorded`,
  );
}

/** Room for 128 descriptions at the length limit; a 50 MB file once took 1.1 GB of memory and minutes. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** Checked before the file is read: parsing, hashing and diffing all grow with its size. */
function refuseOversized(path: string): void {
  const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  if (size > MAX_FILE_BYTES) {
    throw inputError(
      `descriptions file ${path} is ${(size / 1024 / 1024).toFixed(1)} MB; tdo imports files of at most ${MAX_FILE_BYTES / 1024 / 1024} MB; nothing was recorded`,
    );
  }
}

/** The stored version sharing the most unchanged text with the file: what the user most likely edited. */
function closestVersion(versions: readonly VersionRow[], descriptions: Record<string, string>): VersionRow | undefined {
  let best: { version: VersionRow; shared: number } | undefined;
  for (const version of versions) {
    const shared = Object.entries(descriptions).reduce(
      (sum, [tool, text]) =>
        sum +
        diffWords(version.descriptions[tool] ?? '', text)
          .filter((c) => !c.added && !c.removed)
          .reduce((n, c) => n + c.value.length, 0),
      0,
    );
    // Later versions win ties: a user usually edits the newest.
    if (best === undefined || shared >= best.shared) best = { version, shared };
  }
  return best?.version;
}
