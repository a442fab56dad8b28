// An experiment's report, from its record (experiment-record.ts) and the runs and versions in the store: what
// `tdo experiment` writes when it ends and what `tdo view` shows of it later are one computation.
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import { isSimulatedAgentId } from '../../src/index.ts';
import { diffSources, type VersionDiff } from '../review/version-diff.ts';
import { latestMeasurements } from '../review/versions/measurements.ts';
import { describeOrigin } from '../review/versions/origin.ts';
import { answerFor } from './answer.ts';
import { recordVersions, suiteResultsOf, type ExperimentRecord } from './experiment-record.ts';
import { EXPERIMENT_SPLIT, type ExperimentReport, type SuiteResults } from './experiment-types.ts';

export function experimentReportOf(store: TraceStore, record: ExperimentRecord, id: string): ExperimentReport {
  const { settings } = record;
  const versions = recordVersions(store, record);
  const byId = new Map(versions.map((v) => [v.id, v]));
  const suites = record.suites.map((suite) => suiteResultsOf(store, record, suite, byId));
  const regressions = regressionsOf(suites);
  const { roles, suites: suiteNames, ...measured } = settings;
  return {
    kind: 'tdo-experiment',
    id,
    createdAt: record.createdAt,
    agent: { id: record.agentId, simulated: isSimulatedAgentId(record.agentId) },
    settings: { suites: suiteNames, split: EXPERIMENT_SPLIT, ...measured },
    versions: versions.map((v) => ({
      id: v.id,
      server: v.server,
      origin: describeOrigin(v).label,
      tokens: v.tokens,
      ...(roles[v.id] === undefined ? {} : { role: roles[v.id] }),
    })),
    suites,
    scoreNames: [...new Set(suites.flatMap((s) => s.results.flatMap((r) => Object.keys(r.scores))))].sort(),
    answers: suites.flatMap((s) => answerFor(s.suite, s.results, s.comparisons, settings.threshold, s.tasks) ?? []),
    regressions,
    outages: record.outages,
    diffs: baselineDiffs(store, versions),
    verdict: record.outages.length > 0 ? 'error' : record.interrupted ? 'interrupted' : regressions.length > 0 ? 'regression' : 'pass',
    db: store.path,
  };
}

function regressionsOf(suites: readonly SuiteResults[]): ExperimentReport['regressions'] {
  return suites.flatMap((s) =>
    s.comparisons.flatMap((c) => (c.regressed && c.success !== null ? [{ suite: s.suite, version: c.version, successDelta: c.success.delta }] : [])),
  );
}

function baselineDiffs(store: TraceStore, versions: readonly VersionRow[]): VersionDiff[] {
  const [baseline, ...rest] = versions;
  if (baseline === undefined) return [];
  const measured = latestMeasurements(
    store,
    versions.map((v) => v.id),
  );
  const source = (v: VersionRow) => ({
    label: v.id,
    server: v.server,
    origin: describeOrigin(v).label,
    descriptions: v.descriptions,
    measured: measured.get(v.id) ?? null,
  });
  return rest.filter((v) => v.server === baseline.server).map((v) => diffSources(source(baseline), source(v)));
}
