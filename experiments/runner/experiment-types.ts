import type { Agent, EpisodeExecutor, LoadedSuite, ToolSearchSettings } from '../../src/index.ts';
import type { TraceStore, VersionRow } from '../../traces/index.ts';
import type { VersionDiff } from '../review/version-diff.ts';
import type { SuiteAnswer } from './answer.ts';
import type { Comparison, VersionResult } from './statistics.ts';

// What runExperiment (experiments/runner/run-experiment.ts) is given and what it reports.

export const EXPERIMENT_SPLIT = 'test';
/** Run beside the test split when a suite has it; reported, never part of the verdict. */
export const PARAPHRASE_SPLIT = 'paraphrase';
export type ExperimentSplit = typeof EXPERIMENT_SPLIT | typeof PARAPHRASE_SPLIT;

export interface ExperimentSettings {
  suites: LoadedSuite[];
  /** The first is the baseline every other version is compared with. */
  versions: VersionRow[];
  repeats: number;
  seed: number;
  concurrency: number;
  /** Applied to each suite that declares the condition; a condition no suite declares is an error. */
  conditions: Record<string, string>;
  /** A version regresses when its success rate is below the baseline's by more than this (0.05 = 5 points), with 95% confidence. */
  threshold: number;
  /** The share of each run's episodes allowed to error (default 0); beyond it the experiment stops without a verdict. */
  maxErrorRate?: number;
  /** A label per version id for its role in the comparison ("seed", "selection-best"), shown in every report. */
  roles?: Record<string, string>;
  /** How every run offers tools (docs/tool-search.md); every tool listed when absent. */
  toolSearch?: ToolSearchSettings;
  /** The searches whose winners it measures, for a demo's experiment: its pages link them (`tdo view`). */
  searches?: DemoSearchRuns;
}

/** The two searches of `tdo demo overconfident`, by run id. */
export interface DemoSearchRuns {
  selection: string;
  success: string;
}

export interface ExperimentRun {
  store: TraceStore;
  agent: Agent;
  /** Stored with each run so it can be resumed with `tdo run --resume`. */
  agentConfig?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Runs each version's episodes elsewhere (`--queue`: on `tdo worker` processes); in this process when absent. */
  executor?: EpisodeExecutor;
  onRunStart?: (info: { suite: string; version: string; total: number; split: ExperimentSplit }) => void;
  onEpisode?: (episode: { status: 'completed' | 'error'; success: boolean }) => void;
}

export interface SuiteResults {
  suite: string;
  path: string;
  /** the suite's target server (its `targetServer`), whose shares each version's results give beside its own */
  targetServer: string | null;
  /** every condition of the suite with the value used */
  conditions: Record<string, string>;
  tasks: number;
  results: VersionResult[];
  comparisons: Comparison[];
  /**
   * The suite's paraphrase split, present only when the suite has one: the same versions and repeats,
   * compared with the first version the same way. Its changes inform; the verdict reads the test split only.
   */
  paraphrase?: { tasks: number; results: VersionResult[]; comparisons: Comparison[] };
}

export interface ExperimentReport {
  kind: 'tdo-experiment';
  /** where the store keeps it (`tdo view` shows it at /experiments/ID) */
  id: string;
  createdAt: string;
  agent: { id: string; simulated: boolean };
  settings: {
    suites: string[];
    split: typeof EXPERIMENT_SPLIT;
    versions: string[];
    repeats: number;
    seed: number;
    conditions: Record<string, string>;
    threshold: number;
    maxErrorRate: number;
    toolSearch: ToolSearchSettings;
  };
  versions: Array<{ id: string; server: string; origin: string; tokens: number; role?: string }>;
  suites: SuiteResults[];
  /** Names of the other per-episode scores present (reported as columns). */
  scoreNames: string[];
  /** Per suite, the answer the reports open with: the best version on test success, its change against the first, the verdict. */
  answers: SuiteAnswer[];
  regressions: Array<{ suite: string; version: string; successDelta: number }>;
  /** Runs that measured nothing (errors beyond --max-error-rate, no judged episode, a lost queue): the experiment gives no verdict. */
  outages: Array<{ suite: string; version: string; split: string; runId: string; errors: number; episodes: number; cause: string }>;
  /** Each later version's descriptions against the baseline's, when both describe the same server. */
  diffs: VersionDiff[];
  /** 'error': an outage (see outages): more episodes errored than allowed, none was judged, or the queue was lost; nothing is concluded */
  verdict: 'pass' | 'regression' | 'interrupted' | 'error';
  db: string;
}
