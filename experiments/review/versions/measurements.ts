// The latest measured rates of each version: from the newest finished run that used it (optimizer runs,
// which evaluate many candidates under one run id, are left out), or else, for an optimize run's seed and
// winner, what that run measured for it.
import * as z from 'zod';
import { storedOptimizeReport } from '../../../optimizer/search/report/optimize-report.ts';
import type { TraceStore } from '../../../traces/index.ts';
import { storedSuccess } from '../../../optimizer/index.ts';
import { wilson, type Proportion } from '../../../src/index.ts';
import { choiceShares, measuredEpisodes, judged, successCount } from '../../measure/measured-episodes.ts';

export interface VersionMeasurement {
  runId: string;
  suite: string;
  split: string;
  agent: string;
  measuredAt: string;
  /**
   * The judged episodes' success with its 95% Wilson interval, as `tdo experiment` gives it (errored episodes,
   * outages, are left out); for an optimize measurement, over its tasks
   */
  success: Proportion;
  /** the mean first-choice share of the version's server; null when the episodes did not record it */
  firstChoiceShare: number | null;
  /** the share of episodes that called the version's server at all; null when not recorded */
  usedServer: number | null;
  /** 'run': a suite run that used the version; 'optimize': the optimize run that had it as seed or winner */
  by: 'run' | 'optimize';
}

export type MeasurementStore = Pick<TraceStore, 'listRuns' | 'getOptimizerRun' | 'getVersion' | 'listEpisodes' | 'getTrajectory'>;

/** version id -> its latest measurement, for the versions asked about (all versions of each run otherwise unread). */
export function latestMeasurements(store: MeasurementStore, versionIds: readonly string[]): Map<string, VersionMeasurement> {
  const wanted = new Set(versionIds);
  const found = new Map<string, VersionMeasurement>();
  for (const run of store.listRuns(Number.MAX_SAFE_INTEGER)) {
    if (found.size === wanted.size) break;
    if (run.status === 'running' || run.status === 'failed' || run.kind === 'optimize') continue;
    const fresh = Object.entries(run.versionIds).filter(([, id]) => wanted.has(id) && !found.has(id));
    if (fresh.length === 0) continue;
    const facts = judged(measuredEpisodes(store, run.id));
    if (facts.length === 0) continue;
    for (const [server, id] of fresh) {
      const shares = choiceShares(facts, server);
      found.set(id, {
        runId: run.id,
        suite: run.suiteName,
        split: run.split,
        agent: run.agentId,
        measuredAt: run.finishedAt ?? run.createdAt,
        success: wilson(successCount(facts), facts.length),
        firstChoiceShare: shares?.firstChoiceShare.rate ?? null,
        usedServer: shares?.usedServer.rate ?? null,
        by: 'run',
      });
    }
  }
  for (const [id, m] of optimizeMeasurements(store)) if (wanted.has(id) && !found.has(id)) found.set(id, m);
  return found;
}

// What is read of an optimize summary stored before reports had a version; older or partial ones simply give
// nothing. Summaries stored before the used-server share was recorded call the first-choice share `selection_rate`.
const splitSchema = z
  .object({
    success_rate: z.number(),
    successes: z.number().int().nonnegative().optional(),
    first_choice_share: z.number().optional(),
    selection_rate: z.number().optional(),
    used_server: z.number().optional(),
    tasks: z.number(),
  })
  .loose();
const candidateSchema = z.object({ val: splitSchema, test: splitSchema.nullable() }).loose();
const summarySchema = z.object({ seedVersionId: z.string(), versionId: z.string().nullable(), seed: candidateSchema, best: candidateSchema }).loose();

/** What a measurement needs of a split, from a versioned report or an older summary. */
type ReadSplit = { success: Proportion; firstChoiceShare: number | null; usedServer: number | null };
interface ReadSummary {
  seedVersionId: string;
  versionId: string | null;
  seed: { val: ReadSplit; test: ReadSplit | null };
  best: { val: ReadSplit; test: ReadSplit | null };
}

function legacySplit(split: z.infer<typeof splitSchema>): ReadSplit {
  return {
    success: storedSuccess(split),
    firstChoiceShare: split.first_choice_share ?? split.selection_rate ?? null,
    usedServer: split.used_server ?? null,
  };
}

/** A versioned report, validated in full (an error names the run when it does not parse), or an older summary read loosely. */
function storedSummary(runId: string, summary: unknown): ReadSummary | undefined {
  const report = storedOptimizeReport(runId, summary);
  if (report !== undefined) return report;
  const legacy = summarySchema.safeParse(summary);
  if (!legacy.success) return undefined;
  const candidate = (c: z.infer<typeof candidateSchema>) => ({ val: legacySplit(c.val), test: c.test === null ? null : legacySplit(c.test) });
  return { ...legacy.data, seed: candidate(legacy.data.seed), best: candidate(legacy.data.best) };
}

/** Per version id, what the newest optimize run that had it as seed or winner measured (test when it ran, else val). */
function optimizeMeasurements(store: MeasurementStore): Map<string, VersionMeasurement> {
  const found = new Map<string, VersionMeasurement>();
  for (const run of store.listRuns(Number.MAX_SAFE_INTEGER)) {
    const summary = storedSummary(run.id, store.getOptimizerRun(run.id)?.summary);
    if (summary === undefined) continue;
    const { seed, best, seedVersionId, versionId } = summary;
    for (const [id, c] of [
      [seedVersionId, seed],
      [versionId, best],
    ] as const) {
      if (id === null || found.has(id)) continue;
      const split = c.test ?? c.val;
      found.set(id, {
        runId: run.id,
        suite: run.suiteName,
        split: c.test ? 'test' : 'val',
        agent: run.agentId,
        measuredAt: run.finishedAt ?? run.createdAt,
        success: split.success,
        firstChoiceShare: split.firstChoiceShare,
        usedServer: split.usedServer,
        by: 'optimize',
      });
    }
  }
  return found;
}

/** Per version id, the optimize runs whose winner it is. */
export function optimizeWinners(store: Pick<TraceStore, 'listRuns' | 'getOptimizerRun'>): Map<string, string[]> {
  const winners = new Map<string, string[]>();
  for (const run of store.listRuns(Number.MAX_SAFE_INTEGER)) {
    const best = store.getOptimizerRun(run.id)?.bestVersionId;
    if (best != null) winners.set(best, [...(winners.get(best) ?? []), run.id]);
  }
  return winners;
}
