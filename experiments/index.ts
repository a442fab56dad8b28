// The public surface of experiments/ for the CLI (test/architecture/layering.test.ts refuses any other path into
// experiments/ from cli/). What is re-exported here loads with the index, which the CLI's command declarations
// import, so it stays light: the experiment and demo runners, the lint and what reads the trace store load on
// first call, through the functions at the end.

export { DEMO_DEFAULTS } from './demo/defaults.ts';
export { DEMO_ROLES, DEMO_SERVER, ROLE_LABELS, type DemoRole } from './demo/roles.ts';
export type { DemoCommon, DemoEffects, DemoReport, DemoRow } from './demo/overconfident.ts';
export type { ChangeFromSeed, DemoAgentsReport, Sway } from './demo/overconfident-agents.ts';

export { agentsVerdictSentence } from './experiment/agents-columns.ts';
export type { AgentsExperimentReport } from './experiment/agents-experiment.ts';
export { renderAgentsExperimentSummary } from './experiment/agents-summary.ts';
export { agentSentence, verdictSentence } from './experiment/columns.ts';
export type { ExperimentReport } from './experiment/run-experiment.ts';
export { renderExperimentSummary } from './experiment/summary.ts';
export { defaultReportDir, writeExperimentReports, type WrittenReports } from './experiment/write-reports.ts';

export { changeWithInterval, interval, percent, points, share, tableStyle } from './format.ts';

export { renderDiff } from './review/render-diff.ts';
export { fileSource, isFileReference, lintSubject, versionSource } from './review/sources.ts';

export { SHIPPED_SUITES_DIR } from './suites/shipped.ts';

export { applyVersion, findServerSpec, shipRoute, type ApplyResult, type DescriptionsLocation } from './versions/apply.ts';
export { listVersionEntries } from './versions/listing.ts';
export { proxyRoute, type ProxyRoute } from './versions/proxy-route.ts';
export { renderVersionListing } from './versions/render-listing.ts';
export { resolveVersion } from './versions/resolve.ts';

/** The experiment runner (experiment/run-experiment.ts, agents-experiment.ts), loaded on first call. */
export async function loadExperimentRunner() {
  const [{ checkExperimentOptions, runExperiment }, { runAgentsExperiment }] = await Promise.all([
    import('./experiment/run-experiment.ts'),
    import('./experiment/agents-experiment.ts'),
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

/** `tdo import` (versions/import.ts), loaded on first call. */
export async function loadVersionImport() {
  const { importVersion, readVersionFile } = await import('./versions/import.ts');
  return { importVersion, readVersionFile };
}
