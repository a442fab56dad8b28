// What ties an experiment's runs together, stored once it ends (traces/schema.ts `experiments`), and the report
// rebuilt from it and the runs it names: `tdo experiment` writes its report this way, and `tdo view` shows the same.
import * as z from 'zod';
import { toolSearchSettingsSchema } from '../../src/index.ts';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import { measuredEpisodes } from '../measure/measured-episodes.ts';
import { EXPERIMENT_SPLIT, PARAPHRASE_SPLIT, type SuiteResults } from './experiment-types.ts';
import { compareWithBaseline, summarizeVersion, type VersionResult } from './statistics.ts';

const splitRun = z.strictObject({ versionId: z.string(), split: z.enum([EXPERIMENT_SPLIT, PARAPHRASE_SPLIT]), runId: z.string() });

const suiteRecord = z.strictObject({
  suite: z.string(),
  path: z.string(),
  targetServer: z.string().nullable(),
  /** every condition of the suite with the value used */
  conditions: z.record(z.string(), z.string()),
  tasks: z.number().int().nonnegative(),
  paraphraseTasks: z.number().int().nonnegative(),
  /** in the order they ran: each version's paraphrase run (when the suite has that split), then its test run */
  runs: z.array(splitRun),
});

export const experimentRecordSchema = z.strictObject({
  createdAt: z.string(),
  agentId: z.string(),
  settings: z.strictObject({
    suites: z.array(z.string()),
    /** the first is the baseline */
    versions: z.array(z.string()).min(1),
    repeats: z.number().int().positive(),
    seed: z.number().int().nonnegative(),
    conditions: z.record(z.string(), z.string()),
    threshold: z.number(),
    maxErrorRate: z.number(),
    toolSearch: toolSearchSettingsSchema,
    roles: z.record(z.string(), z.string()),
  }),
  suites: z.array(suiteRecord),
  outages: z.array(
    z.strictObject({
      suite: z.string(),
      version: z.string(),
      split: z.string(),
      runId: z.string(),
      errors: z.number(),
      episodes: z.number(),
      cause: z.string(),
    }),
  ),
  /** stopped by Ctrl-C */
  interrupted: z.boolean(),
  /** a demo's two searches, whose winners it measures */
  searches: z.strictObject({ selection: z.string(), success: z.string() }).optional(),
});

export type ExperimentRecord = z.infer<typeof experimentRecordSchema>;
export type SuiteRecord = z.infer<typeof suiteRecord>;

/** The stored record, or why it cannot be read (a store written by another version of tdo). */
export function parseExperimentRecord(stored: unknown): { record: ExperimentRecord } | { problem: string } {
  const parsed = experimentRecordSchema.safeParse(stored);
  return parsed.success ? { record: parsed.data } : { problem: z.prettifyError(parsed.error) };
}

/** A version run, measured from its episodes in the store: what runVersion measured as it ended. */
export function versionResultOf(store: TraceStore, version: VersionRow, runId: string, targetServer: string | null): VersionResult {
  const status = store.getRun(runId)?.status;
  if (status === undefined || status === 'running') throw new Error(`experiment run ${runId} is ${status ?? 'not in the store'}`);
  const spend = store.runSpend([runId]).agent;
  return summarizeVersion(version, { runId, status, spend }, measuredEpisodes(store, runId), targetServer ?? undefined);
}

/** A suite's results per split, compared with the first version, from the runs the record names. */
export function suiteResultsOf(store: TraceStore, record: ExperimentRecord, suite: SuiteRecord, versions: ReadonlyMap<string, VersionRow>): SuiteResults {
  const { threshold } = record.settings;
  const resultsOn = (split: string) =>
    suite.runs.filter((r) => r.split === split).map((r) => versionResultOf(store, versions.get(r.versionId)!, r.runId, suite.targetServer));
  const results = resultsOn(EXPERIMENT_SPLIT);
  const paraphraseResults = resultsOn(PARAPHRASE_SPLIT);
  return {
    suite: suite.suite,
    path: suite.path,
    targetServer: suite.targetServer,
    conditions: suite.conditions,
    tasks: suite.tasks,
    results,
    comparisons: compareWithBaseline(results, threshold),
    ...(suite.paraphraseTasks > 0
      ? { paraphrase: { tasks: suite.paraphraseTasks, results: paraphraseResults, comparisons: compareWithBaseline(paraphraseResults, threshold) } }
      : {}),
  };
}

/** The versions the record names, from the store; one missing is an error naming it. */
export function recordVersions(store: TraceStore, record: ExperimentRecord): VersionRow[] {
  return record.settings.versions.map((id) => {
    const version = store.getVersion(id);
    if (version === undefined) throw new Error(`version ${id} of the experiment is not in the store`);
    return version;
  });
}
