// An experiment report as report.json and `tdo experiment --json` give it. In code a suite names its
// `targetServer` and a version its `targetServerShares`; the JSON has always called both `target`, and keeps
// them so for scripts. Description diffs take their JSON form (experiments/review/version-diff.ts).
import { versionDiffJson } from '../review/review-json.ts';
import type { AgentsExperimentReport } from './agents-experiment.ts';
import type { SuiteResults } from './experiment-types.ts';
import type { VersionResult } from './statistics.ts';
import type { ExperimentReport } from './run-experiment.ts';

function versionResultJson(r: VersionResult) {
  return renamedKey(r, 'targetServerShares', 'target');
}

function suiteJson(s: SuiteResults) {
  const paraphrase = s.paraphrase ? { paraphrase: { ...s.paraphrase, results: s.paraphrase.results.map(versionResultJson) } } : {};
  return renamedKey({ ...s, results: s.results.map(versionResultJson), ...paraphrase }, 'targetServer', 'target');
}

/** The object with its key `from` called `to`, in the same place among its keys. */
function renamedKey(o: object, from: string, to: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k === from ? to : k, v]));
}

function oneAgentJson(r: ExperimentReport) {
  return { ...r, suites: r.suites.map(suiteJson), diffs: r.diffs.map(versionDiffJson) };
}

export function experimentReportJson(report: ExperimentReport | AgentsExperimentReport) {
  return report.kind === 'tdo-experiment-agents' ? { ...report, experiments: report.experiments.map(oneAgentJson) } : oneAgentJson(report);
}
