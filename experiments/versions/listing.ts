// `tdo versions`: every version with its lineage, size and latest measured rates.
import * as z from 'zod';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import { latestMeasurements, type MeasurementStore, type VersionMeasurement } from './measurements.ts';
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
  /** for a version no suite run measured: the success an optimize run measured for it as its seed or winner */
  optimizeMeasured: OptimizeMeasurement | null;
}

export interface OptimizeMeasurement {
  runId: string;
  /** 'test' when the run measured the held-out split, else 'val' */
  split: 'test' | 'val';
  successRate: number;
  tasks: number;
}

// What `tdo versions` reads of a stored optimize summary; older or partial summaries simply give nothing.
const splitSchema = z.object({ success_rate: z.number(), tasks: z.number() }).loose();
const summarySchema = z
  .object({ seedVersionId: z.string(), versionId: z.string().nullable(), seed: z.object({ val: splitSchema, test: splitSchema.nullable() }).loose(), best: z.object({ val: splitSchema, test: splitSchema.nullable() }).loose() })
  .loose();

/** Per version id: the optimize runs it won, and the success each measured for its seed and its winner. */
function optimizeFindings(store: Pick<TraceStore, 'listRuns' | 'getOptimizerRun'>): { bestOf: Map<string, string[]>; measured: Map<string, OptimizeMeasurement> } {
  const bestOf = new Map<string, string[]>();
  const measured = new Map<string, OptimizeMeasurement>();
  // newest first: the latest run's figures win
  for (const run of store.listRuns(Number.MAX_SAFE_INTEGER)) {
    const opt = store.getOptimizerRun(run.id);
    if (opt?.bestVersionId == null) continue;
    bestOf.set(opt.bestVersionId, [...(bestOf.get(opt.bestVersionId) ?? []), run.id]);
    const summary = summarySchema.safeParse(opt.summary);
    if (!summary.success) continue;
    const { seed, best, seedVersionId, versionId } = summary.data;
    for (const [id, c] of [[seedVersionId, seed], [versionId, best]] as const) {
      if (id === null || measured.has(id)) continue;
      const split = c.test ?? c.val;
      measured.set(id, { runId: run.id, split: c.test ? 'test' : 'val', successRate: split.success_rate, tasks: split.tasks });
    }
  }
  return { bestOf, measured };
}

/** Versions in lineage order: per server, each root then its descendants depth first, oldest first. */
export function listVersionEntries(store: MeasurementStore & Pick<TraceStore, 'listVersions'>, server?: string): VersionEntry[] {
  const versions = store.listVersions(server);
  const measured = latestMeasurements(store, versions.map((v) => v.id));
  const optimized = optimizeFindings(store);
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
      bestOf: optimized.bestOf.get(v.id) ?? [],
      optimizeMeasured: measured.has(v.id) ? null : (optimized.measured.get(v.id) ?? null),
    });
    for (const child of children.get(v.id) ?? []) visit(child, depth + 1);
  };
  const servers = [...new Set(versions.map((v) => v.server))].sort();
  for (const s of servers) {
    for (const root of versions.filter((v) => v.server === s && !v.parents.some((p) => byId.has(p)))) visit(root, 0);
  }
  return entries;
}
