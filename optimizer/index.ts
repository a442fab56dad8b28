// The optimizer's public surface for the CLI (test/architecture/layering.test.ts refuses any other path into
// optimizer/ from cli/). What is re-exported here loads with the index, which the CLI's command declarations
// import, so it stays light; the search and what reads the trace store load on first call.
import type { Proposer } from './engine/types.ts';
import type { ToolReflectionRecord } from './adapter/reflection.ts';

export type { EngineProgress } from './engine/engine.ts';
// the engine's stop reasons, which an optimize report names
export { PERFECT, SOLVED_EPISODES_IN_A_ROW, TRAIN_SOLVED } from './engine/stoppers.ts';
export type { Proposer, ToolReflectionRecord };

export { checkSearch, checkTarget } from './search/check-search.ts';
export type { CandidateSummary, OptimizeReport, OptimizeRequest, OptimizeSettings, SplitScores } from './search/optimize.ts';
export { splitScoresJson, storedSuccess } from './search/report/split-scores.ts';
export { REPORT_SPLITS, type AgentSplits, type PerAgentReport, type WorstAgent } from './search/report/agent-report.ts';
export { estimateSearch, type PartEstimate, type SearchEstimate } from './search/estimate.ts';
export type { ProposalOutcomes } from './search/report/proposal-outcomes.ts';
export { describeSkipped } from './adapter/skipped-seed.ts';
export { defaultHonestyGate, TARGET_NAMES, type TargetName } from './adapter/targets.ts';
export { OPTIMIZE_DEFAULTS } from './search/defaults.ts';

export {
  describeProposer,
  isSimulatedProposerId,
  type ProposerConfig,
  proposerConfigSchema,
  proposerKind,
  proposerKindOfId,
  PROPOSER_KIND_NAMES,
  PROPOSER_KINDS,
} from './proposers/kinds/proposer-kinds.ts';
export { RECURRING_TASKS } from './proposers/sim/recurring.ts';

type Optimize = typeof import('./search/optimize.ts').optimize;

/** Runs a search (optimizer/search/optimize.ts), loading it and the trace store's readers on first call. */
export async function optimize(...args: Parameters<Optimize>): ReturnType<Optimize> {
  return (await import('./search/optimize.ts')).optimize(...args);
}

/** An optimize run's settings as stored, read back for --resume, and their schema, in whose key order a new search stores them (optimizer/search/settings.ts); loaded on first call. */
export async function loadStoredSettings() {
  const { storedOptimizeSettings, optimizeSettingsSchema } = await import('./search/settings.ts');
  return { storedOptimizeSettings, optimizeSettingsSchema };
}

/** What reads a search's records back for `tdo view`: its stored report and its stored proposals; loaded on first call. */
export async function loadSearchReaders() {
  const [{ storedOptimizeReport }, { mutationProposals }] = await Promise.all([import('./search/report/optimize-report.ts'), import('./search/journal.ts')]);
  return { storedOptimizeReport, mutationProposals };
}
