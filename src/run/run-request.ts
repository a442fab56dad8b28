import type { Agent } from '../agents/agent.ts';
import type { CatalogueTool } from '../catalogue/catalogue-types.ts';
import type { ToolSearchSettings } from '../catalogue/tool-search/settings.ts';
import type { Proportion } from '../measure/proportion.ts';
import type { LoadedSuite } from '../suite/load.ts';
import type { Split } from '../suite/schema.ts';
import type { FinishedOutcome } from './episode.ts';
import type { EpisodeExecutor } from './episode-executor.ts';
import type { ErrorTally } from './outages.ts';
import type { ScoreTotal } from './score-totals.ts';
import type { SuiteRunStore } from './store-port.ts';

// What runSuite (src/run/run-suite.ts) is asked and what it answers.

export interface RunOptions {
  split: Split | 'all';
  repeats: number;
  seed: number;
  concurrency: number;
  /** Description versions to substitute, at most one per server. */
  versionIds: string[];
  /** Suite condition values (`limit_in: token`); the suite's defaults fill the rest. */
  conditions?: Record<string, string>;
  /** Deferred tool loading (absent in runs made before it: every tool offered, as with mode `off`). */
  toolSearch?: ToolSearchSettings;
}

export interface RunRequest {
  store: SuiteRunStore;
  loaded: LoadedSuite;
  agent: Agent;
  options: RunOptions;
  /** Continue this run instead of creating one: finished episodes are kept, the rest are run. */
  resumeRunId?: string;
  /** What the new run is recorded as: 'experiment' for a run of `tdo experiment`, else 'suite' (`tdo run`). */
  kind?: 'suite' | 'experiment';
  /** Extra settings stored with the run (e.g. the model), so a resume can rebuild the agent. */
  agentConfig?: Record<string, unknown>;
  signal?: AbortSignal;
  /** The share of the run's episodes allowed to error (default 0): beyond it the run stops early, as 'failed'. */
  maxErrorRate?: number;
  onStart?: (info: { runId: string; total: number; done: number }) => void;
  /** Given the catalogue the agent will see, once the servers are connected and before the run is created (the suite check). */
  onCatalogue?: (tools: readonly CatalogueTool[]) => void;
  onEpisode?: (outcome: FinishedOutcome) => void;
  /** Runs the episodes elsewhere (queue workers); in this process when absent. */
  executor?: EpisodeExecutor;
}

export interface RunReport {
  runId: string;
  /** 'failed': more episodes errored than --max-error-rate allows, and the run stopped */
  status: 'completed' | 'interrupted' | 'failed';
  /** why an executor stopped the run as interrupted (a lost queue); absent for Ctrl-C */
  interruptedBy?: string;
  /** Episodes run by this invocation (a resume counts only the ones it ran). */
  ranNow: number;
  /** the run's episodes when complete: tasks x repeats */
  planned: number;
  episodes: number;
  /** the successes among the judged episodes (errored ones have no verdict), with the interval; rate null when none was judged */
  success: Proportion;
  errors: ErrorTally;
  toolCalls: number;
  /** each tool's calls and errored calls over the run's episodes */
  callsByTool: Array<{ server: string; tool: string; calls: number; errors: number }>;
  versionIds: Record<string, string>;
  /** Every condition of the suite with the value this run used. */
  conditions: Record<string, string>;
  /** How the run offered tools: mode `off` lists them all (also for runs stored before deferred loading). */
  toolSearch: ToolSearchSettings;
  /** Each score recorded in the run (success, limit_violation, chosen:<server>, ...), summed over episodes. */
  scoreTotals: Record<string, ScoreTotal>;
}

/** The settings a run stores so that `--resume` repeats it exactly. */
export interface StoredRunConfig {
  options: RunOptions;
  agent: Record<string, unknown>;
  /** every condition with the value used, defaults included (what traces' runCondition reads); absent in older runs */
  conditions?: Record<string, string>;
}
