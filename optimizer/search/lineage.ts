// The winner's lineage as description versions: the search's candidates live in its run, but what is shipped
// and diffed is a version, so the winner and every ancestor it descends from are saved as versions.
import type { TraceStore } from '../../traces/index.ts';
import type { Candidate, Texts } from '../engine/types.ts';
import type { OptimizeSettings } from './settings.ts';

export /** Saves the winner and its ancestors as description versions, parents first, so lineage points at real versions. */
function recordLineage(
  store: TraceStore,
  settings: OptimizeSettings,
  runId: string,
  pool: readonly Candidate[],
  bestId: number,
  seedVersionId: string,
): string {
  const versionOf = new Map<number, string>([[0, seedVersionId]]);
  const record = (id: number): string => {
    const known = versionOf.get(id);
    if (known !== undefined) return known;
    const c = pool[id]!;
    const parents = c.parents.map(record);
    const texts: Texts = c.texts;
    const version = store.recordVersion({
      server: settings.server,
      descriptions: { ...texts },
      origin: 'optimizer',
      originDetail: { run_id: runId, target: settings.target, candidate: id, made_by: c.origin, val_score: c.valMean },
      parents,
    });
    versionOf.set(id, version.id);
    return version.id;
  };
  return record(bestId);
}
