// The public surface of experiments/ for the CLI (test/architecture/layering.test.ts refuses any other path into
// experiments/ from cli/). What is re-exported here loads with the index, which the CLI's command declarations
// import, so it stays light: the experiment and demo runners, the lint and what reads the trace store load on
// first call, through the functions at the end.

export { DEMO_DEFAULTS } from './demo/defaults.ts';
export { DEMO_ROLES, DEMO_SERVER, ROLE_LABELS, type DemoRole } from './demo/roles.ts';
export type { DemoCommon, DemoEffects, DemoReport, DemoRow } from './demo/overconfident.ts';
export type { ChangeFromSeed, DemoAgentsReport, Sway } from './demo/overconfident-agents.ts';

export { agentsVerdictSentence } from './runner/agents-columns.ts';
export type { AgentsExperimentReport } from './runner/agents-experiment.ts';
export { renderAgentsExperimentSummary } from './runner/agents-summary.ts';
export { agentSentence, verdictSentence } from './runner/columns.ts';
export type { ExperimentReport } from './runner/run-experiment.ts';
export type { Comparison, VersionResult } from './runner/statistics.ts';
export type { ExperimentRecord } from './runner/experiment-record.ts';
export type { DemoSearchRuns } from './runner/experiment-types.ts';
export { renderExperimentSummary } from './runner/summary.ts';
export { defaultReportDir, writeExperimentReports, type WrittenReports } from './runner/write-reports.ts';

export { changeWithInterval, interval, percent, points, share, tableStyle } from './format.ts';
export { modelStepText, outcome, preview, toolOf } from './trajectory-text.ts';
export { barChartSvg, TONE_COLOURS, TONE_LEGEND, type Bar } from './runner/svg-chart.ts';

export { renderDiff } from './review/render-diff.ts';
export { versionDiffJson, versionEntryJson } from './review/review-json.ts';
export { experimentReportJson } from './runner/report-json.ts';
export { fileSource, isFileReference, lintSubject, versionSource } from './review/sources.ts';

export { SHIPPED_SUITES_DIR } from './shipped/suites/shipped.ts';

export { applyVersion, findServerSpec, shipRoute, type ApplyResult, type DescriptionsLocation } from './review/versions/apply.ts';
export { listVersionEntries } from './review/versions/listing.ts';
export type { VersionMeasurement } from './review/versions/measurements.ts';
export { proxyRoute, type ProxyRoute } from './review/versions/proxy-route.ts';
export { renderVersionListing } from './review/versions/render-listing.ts';
export { resolveVersion } from './review/versions/resolve.ts';

/** The experiment runner (runner/run-experiment.ts, agents-experiment.ts), loaded on first call. */
export async function loadExperimentRunner() {
  const [{ checkExperimentOptions, runExperiment }, { runAgentsExperiment }] = await Promise.all([
    import('./runner/run-experiment.ts'),
    import('./runner/agents-experiment.ts'),
  ]);
  return { checkExperimentOptions, runExperiment, runAgentsExperiment };
}

/** `tdo demo overconfident` for one agent and for several (demo/), loaded on first call. */
export async function loadDemo() {
  const [{ runOverconfidentDemo }, { runOverconfidentDemoAcrossAgents }] = await Promise.all([
    import('./demo/overconfident.ts'),
    import('./demo/overconfident-agents.ts'),
  ]);
  return { runOverconfidentDemo, runOverconfidentDemoAcrossAgents };
}

/** The lint, its report and the honesty gate (review/lint/), and the word diff of two versions, loaded on first call. */
export async function loadReview() {
  const [{ lintAgainstParents }, { lintReport, renderLintReport }, { GATE_RULES, lintGate }, { diffSources }] = await Promise.all([
    import('./review/lint/lint.ts'),
    import('./review/lint/render-lint.ts'),
    import('./review/lint/gate.ts'),
    import('./review/version-diff.ts'),
  ]);
  return { lintAgainstParents, lintReport, renderLintReport, GATE_RULES, lintGate, diffSources };
}

/** `tdo import` (review/versions/import.ts), loaded on first call. */
export async function loadVersionImport() {
  const { importVersion, readVersionFile } = await import('./review/versions/import.ts');
  return { importVersion, readVersionFile };
}

/** What `tdo view` shows of description versions: the word diff and its HTML section, and the latest measurements (review/); loaded on first call. */
export async function loadVersionViews() {
  const [{ diffSources }, { diffSectionHtml, DIFF_CSS }, { latestMeasurements }] = await Promise.all([
    import('./review/version-diff.ts'),
    import('./review/render-diff.ts'),
    import('./review/versions/measurements.ts'),
  ]);
  return { diffSources, diffSectionHtml, DIFF_CSS, latestMeasurements };
}

/** What `tdo view` shows of a stored experiment: its record read back, the report rebuilt from it and its HTML parts; loaded on first call. */
export async function loadExperimentViews() {
  const [{ parseExperimentRecord }, { experimentReportOf }, { experimentBodyHtml, REPORT_PARTS_CSS }, { compareWithBaseline }] = await Promise.all([
    import('./runner/experiment-record.ts'),
    import('./runner/experiment-report.ts'),
    import('./runner/report-html.ts'),
    import('./runner/statistics.ts'),
  ]);
  return { parseExperimentRecord, experimentReportOf, experimentBodyHtml, REPORT_PARTS_CSS, compareWithBaseline };
}
