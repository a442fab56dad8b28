// `tdo versions`: every version with its lineage, size and latest measured rates.
import type { TraceStore, VersionRow } from '../../../traces/index.ts';
import { latestMeasurements, optimizeWinners, type MeasurementStore, type VersionMeasurement } from './measurements.ts';
import { describeOrigin, type Origin } from './origin.ts';

export interface VersionEntry {
  id: string;
  server: string;
  origin: Origin;
  parents: string[];
  children: string[];
  /** Distance from a root of the lineage (a version without known parents). */
  depth: number;
  tools: number;
  tokens: number;
  contentHash: string;
  createdAt: string;
  measured: VersionMeasurement | null;
  /** the optimize runs whose winner this version is */
  bestOf: string[];
}

/** Versions in lineage order: per server, each root then its descendants depth first, oldest first. */
export function listVersionEntries(store: MeasurementStore & Pick<TraceStore, 'listVersions'>, server?: string): VersionEntry[] {
  const versions = store.listVersions(server);
  const measured = latestMeasurements(
    store,
    versions.map((v) => v.id),
  );
  const winners = optimizeWinners(store);
  const byId = new Map(versions.map((v) => [v.id, v]));
  const children = new Map<string, VersionRow[]>();
  for (const v of versions) for (const p of v.parents) if (byId.has(p)) children.set(p, [...(children.get(p) ?? []), v]);

  const entries: VersionEntry[] = [];
  const placed = new Set<string>();
  const visit = (v: VersionRow, depth: number) => {
    // A merge has two parents: list it once, under the first one reached.
    if (placed.has(v.id)) return;
    placed.add(v.id);
    entries.push({
      id: v.id,
      server: v.server,
      origin: describeOrigin(v),
      parents: v.parents,
      children: (children.get(v.id) ?? []).map((c) => c.id),
      depth,
      tools: Object.keys(v.descriptions).length,
      tokens: v.tokens,
      contentHash: v.contentHash,
      createdAt: v.createdAt,
      measured: measured.get(v.id) ?? null,
      bestOf: winners.get(v.id) ?? [],
    });
    for (const child of children.get(v.id) ?? []) visit(child, depth + 1);
  };
  const servers = [...new Set(versions.map((v) => v.server))].sort();
  for (const s of servers) {
    for (const root of versions.filter((v) => v.server === s && !v.parents.some((p) => byId.has(p)))) visit(root, 0);
  }
  return entries;
}
