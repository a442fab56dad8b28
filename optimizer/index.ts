// The optimizer's public surface for the CLI (test/architecture/layering.test.ts refuses any other path into
// optimizer/ from cli/). What is re-exported here loads with the index, which the CLI's command declarations
// import, so it stays light; the search and what reads the trace store load on first call.
import type { Proposer } from './engine/types.ts';
import type { ToolReflectionRecord } from './mcp/reflection.ts';

export type { EngineProgress } from './engine/engine.ts';
// the engine's stop reasons, which an optimize report names
export { PERFECT, SOLVED_EPISODES_IN_A_ROW, TRAIN_SOLVED } from './engine/stoppers.ts';
export type { Proposer, ToolReflectionRecord };

export { checkSearch, checkTarget } from './mcp/check-search.ts';
export type { CandidateSummary, OptimizeReport, OptimizeRequest, OptimizeSettings, SplitScores } from './mcp/optimize.ts';
export { splitSuccess } from './mcp/split-scores.ts';
export { REPORT_SPLITS, type AgentSplits, type PerAgentReport, type WorstAgent } from './mcp/agent-report.ts';
export { estimateSearch, type PartEstimate, type SearchEstimate } from './mcp/estimate.ts';
export type { ProposalOutcomes } from './mcp/proposal-outcomes.ts';
export { describeSkipped } from './mcp/skipped-seed.ts';
export { defaultHonestyGate, TARGET_NAMES, type TargetName } from './mcp/targets.ts';
export { OPTIMIZE_DEFAULTS } from './mcp/defaults.ts';

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

type Optimize = typeof import('./mcp/optimize.ts').optimize;

/** Runs a search (optimizer/mcp/optimize.ts), loading it and the trace store's readers on first call. */
export async function optimize(...args: Parameters<Optimize>): ReturnType<Optimize> {
  return (await import('./mcp/optimize.ts')).optimize(...args);
}

/** An optimize run's settings as stored, read back for --resume, and their schema, in whose key order a new search stores them (optimizer/mcp/settings.ts); loaded on first call. */
export async function loadStoredSettings() {
  const { storedOptimizeSettings, optimizeSettingsSchema } = await import('./mcp/settings.ts');
  return { storedOptimizeSettings, optimizeSettingsSchema };
}
