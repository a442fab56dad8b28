// The two searches the overconfident contractor compares: one server's descriptions optimized from one seed
// version once for selection and once for success (what `tdo demo overconfident` runs, or any such pair).
import { badQuery } from '../errors.ts';
import type { TraceStore } from '../../traces/index.ts';
import { readSearch, type SearchRecord } from '../search/search-record.ts';

export type PairTarget = 'selection' | 'success';

export type SearchPair = Record<PairTarget, SearchRecord>;

const OTHER: Record<PairTarget, PairTarget> = { selection: 'success', success: 'selection' };

/** The search `runId` and its partner: `partner` when given, else the newest search of the other target from the same seed. */
export async function searchPair(store: TraceStore, runId: string, partner: string | undefined): Promise<SearchPair> {
  const first = await readSearch(store, runId);
  const target = pairTarget(first);
  const otherId = partner ?? newestPartner(store, first, OTHER[target]);
  if (otherId === undefined)
    throw badQuery(
      `no --target ${OTHER[target]} search of server ${first.search.server} from seed ${first.search.seedVersionId} in ${store.path} to set beside search ${runId}`,
    );
  const second = await readSearch(store, otherId);
  if (pairTarget(second) !== OTHER[target] || second.search.server !== first.search.server || second.search.seedVersionId !== first.search.seedVersionId)
    throw badQuery(`search ${otherId} is not a --target ${OTHER[target]} search of ${first.search.server} from seed ${first.search.seedVersionId}`);
  return target === 'selection' ? { selection: first, success: second } : { selection: second, success: first };
}

/** The search the contractor would set beside this one, when the store holds one (the search page links the pair). */
export function partnerSearch(store: TraceStore, record: SearchRecord): string | undefined {
  const { target } = record.search;
  return target === 'selection' || target === 'success' ? newestPartner(store, record, OTHER[target]) : undefined;
}

function pairTarget(record: SearchRecord): PairTarget {
  const { target } = record.search;
  if (target === 'selection' || target === 'success') return target;
  throw badQuery(`search ${record.run.id} optimized for ${target}; the contractor sets a selection search beside a success search`);
}

/** The newest search of the other target from the same server and seed version. */
function newestPartner(store: TraceStore, first: SearchRecord, target: PairTarget): string | undefined {
  return store
    .listRuns(Number.MAX_SAFE_INTEGER)
    .filter((r) => r.kind === 'optimize' && r.id !== first.run.id)
    .find((r) => {
      const s = store.getOptimizerRun(r.id);
      return s !== undefined && s.target === target && s.server === first.search.server && s.seedVersionId === first.search.seedVersionId;
    })?.id;
}
