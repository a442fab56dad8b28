// One row per role of the contractor page: the version holding it, its val score in its search, its latest
// measurement, and the lint flags its text has that the seed's has not.
import type { loadVersionViews } from '../../experiments/index.ts';
import type { SplitScores } from '../../optimizer/index.ts';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import type { VersionMeasurement } from '../../experiments/index.ts';
import type { SearchPair } from './search-pair.ts';

export interface ContractorRow {
  role: 'seed' | 'selection-best' | 'success-best';
  versionId: string;
  /** the target of the search its val scores are from */
  target: 'selection' | 'success';
  /** its val scores in the search that found it (the seed's in the selection search); null without a report */
  val: SplitScores | null;
  measured: VersionMeasurement | null;
  /** `tool: rule` for each lint flag gained against the seed */
  lintGained: string[];
}

type VersionViews = Awaited<ReturnType<typeof loadVersionViews>>;

export function contractorRows(store: TraceStore, pair: SearchPair, views: VersionViews): ContractorRow[] {
  const seedId = pair.selection.search.seedVersionId;
  const roles = [
    { role: 'seed', target: 'selection', versionId: seedId, val: pair.selection.report?.seed.val ?? null },
    { role: 'selection-best', target: 'selection', versionId: pair.selection.search.bestVersionId, val: pair.selection.report?.best.val ?? null },
    { role: 'success-best', target: 'success', versionId: pair.success.search.bestVersionId, val: pair.success.report?.best.val ?? null },
  ] as const;
  const finished = roles.flatMap((r) => (r.versionId === null ? [] : [{ ...r, versionId: r.versionId }]));
  const measured = views.latestMeasurements(
    store,
    finished.map((r) => r.versionId),
  );
  const version = (id: string): VersionRow | undefined => store.getVersion(id);
  const seed = version(seedId);
  return finished.map((r) => {
    const v = version(r.versionId);
    const side = (row: VersionRow) => ({ label: row.id, server: row.server, origin: row.origin, descriptions: row.descriptions, measured: null });
    const gained =
      seed === undefined || v === undefined
        ? []
        : views.diffSources(side(seed), side(v)).tools.flatMap((t) => t.lintAppeared.map((f) => `${t.tool}: ${f.rule}`));
    return { ...r, measured: measured.get(r.versionId) ?? null, lintGained: gained };
  });
}
