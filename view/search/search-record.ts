// Everything the store records of one search (an optimize run), read once per page: the run, its search
// records (traces/optimizer-records.ts) and its stored report (optimizer/search/report/optimize-report.ts).
import * as z from 'zod';
import { notFound } from '../errors.ts';
import { loadSearchReaders, type OptimizeReport, type Proposer } from '../../optimizer/index.ts';
import { type OptimizerCandidateRow, type OptimizerProposalRow, type OptimizerRunRow, type RunRow, type TraceStore } from '../../traces/index.ts';

/** One proposal per component, as the journal stores a mutation (optimizer/search/journal.ts). */
export type StoredProposals = Record<string, Awaited<ReturnType<Proposer<unknown>['propose']>>>;

export interface SearchRecord {
  run: RunRow;
  search: OptimizerRunRow;
  /** the pool, seed first */
  candidates: OptimizerCandidateRow[];
  /** every proposal, accepted or not, in iteration order */
  proposals: OptimizerProposalRow[];
  /** the final report; undefined while the search runs, when interrupted before it, or stored before reports had a version */
  report: OptimizeReport | undefined;
  /** a mutation's proposal per component; undefined for a merge */
  proposalsOf(row: OptimizerProposalRow): StoredProposals | undefined;
}

export async function readSearch(store: TraceStore, runId: string): Promise<SearchRecord> {
  const run = store.getRun(runId);
  const search = run === undefined ? undefined : store.getOptimizerRun(runId);
  if (run === undefined || search === undefined) throw notFound(`no search (optimize run) with id '${runId}' in ${store.path}`);
  const { storedOptimizeReport, mutationProposals } = await loadSearchReaders();
  return {
    run,
    search,
    candidates: store.listCandidates(runId),
    proposals: store.listProposals(runId),
    report: storedOptimizeReport(runId, search.summary),
    proposalsOf: mutationProposals,
  };
}

/** The candidate at a pool position, or the user's input error naming the positions there are. */
export function candidateAt(record: SearchRecord, position: number): OptimizerCandidateRow {
  const found = record.candidates.find((c) => c.candidate === position);
  if (found === undefined) throw notFound(`search ${record.run.id} has no candidate ${position} (its pool holds 0 to ${record.candidates.length - 1})`);
  return found;
}

/** The proposal of an iteration, or the user's input error. */
export function proposalAt(record: SearchRecord, iteration: number): OptimizerProposalRow {
  const found = record.proposals.find((p) => p.iteration === iteration);
  if (found === undefined) throw notFound(`search ${record.run.id} made no proposal in iteration ${iteration}`);
  return found;
}

/** The tools whose text differs between two description maps, in name order. */
export function changedTools(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((tool) => before[tool] !== after[tool]).sort();
}

/** The descriptions a proposal would have made of its first parent: each proposed text in place of the parent's. */
export function proposedDescriptions(record: SearchRecord, row: OptimizerProposalRow): Record<string, string> {
  const parent = record.candidates.find((c) => c.candidate === row.parents[0])?.descriptions ?? {};
  const mutation = record.proposalsOf(row);
  if (mutation !== undefined) {
    const texts = Object.entries(mutation).flatMap(([tool, p]) => (p.ok ? [[tool, p.text] as const] : []));
    return { ...parent, ...Object.fromEntries(texts) };
  }
  const merge = mergeSchema.safeParse(row.proposal);
  return merge.success ? { ...parent, ...merge.data.merged } : parent;
}

/** A stored merge: the merged texts and their common ancestor (optimizer/engine/types.ts, ProposalRecord). */
const mergeSchema = z.object({ merged: z.record(z.string(), z.string()) });
