// `tdo import`: record a hand-edited descriptions file as a version of a server, with its lineage.
import { resolve } from 'node:path';
import { diffWords } from 'diff';
import { contentHash, type TraceStore, type VersionRow } from '../../traces/index.ts';
import { InputError } from '../input-error.ts';
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

export function importVersion(store: Pick<TraceStore, 'listVersions' | 'getVersion' | 'recordVersion'>, file: string, server: string, parentRef?: string): ImportResult {
  const path = resolve(file);
  const descriptions = readDescriptionsFile(path);
  const known = store.listVersions(server);
  const knownTools = new Set(known.flatMap((v) => Object.keys(v.descriptions)));
  if (known.length > 0) {
    const unknown = Object.keys(descriptions).filter((tool) => !knownTools.has(tool));
    if (unknown.length > 0) throw new InputError(`${path} describes ${unknown.join(', ')}, which server "${server}" does not list (it lists ${[...knownTools].sort().join(', ')}); nothing was recorded`);
  }
  const existing = known.find((v) => v.contentHash === contentHash(descriptions));
  if (existing !== undefined) return { version: existing, created: false, parent: null, missing: [] };

  let parent: ImportResult['parent'] = null;
  if (parentRef !== undefined) {
    const given = resolveVersion(store, parentRef);
    if (given.server !== server) throw new InputError(`parent ${given.id} is a version of server "${given.server}", not "${server}"`);
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

/** The stored version sharing the most unchanged text with the file: what the user most likely edited. */
function closestVersion(versions: readonly VersionRow[], descriptions: Record<string, string>): VersionRow | undefined {
  let best: { version: VersionRow; shared: number } | undefined;
  for (const version of versions) {
    const shared = Object.entries(descriptions).reduce(
      (sum, [tool, text]) => sum + diffWords(version.descriptions[tool] ?? '', text).filter((c) => !c.added && !c.removed).reduce((n, c) => n + c.value.length, 0),
      0,
    );
    // Later versions win ties: a user usually edits the newest.
    if (best === undefined || shared >= best.shared) best = { version, shared };
  }
  return best?.version;
}
