import type { DescriptionOverrides } from '../host/catalogue.ts';
import type { LoadedSuite } from '../suite/load.ts';
import type { ToolSearchSettings } from '../catalogue/tool-search/settings.ts';
import type { Task } from '../suite/schema.ts';
import type { ScoreInput } from '../../traces/index.ts';
import type { EpisodeOutcome } from './episode.ts';
import type { SuiteRunStore } from './store-port.ts';

export interface PlannedEpisode {
  task: Task;
  repeat: number;
  /** the episode's random seed (episodeSeed) */
  randomSeed: number;
}

/** A run's remaining episodes, handed to whatever runs them. */
export interface EpisodeBatch {
  store: SuiteRunStore;
  runId: string;
  loaded: LoadedSuite;
  todo: PlannedEpisode[];
  /**
   * server -> the description version every episode of the batch uses; for a server given descriptions that
   * are no recorded version (an optimizer's candidate), a label that names them in messages
   */
  versionIds: Record<string, string>;
  /** the descriptions substituted for the servers' own (the run's --version flags, an optimizer's candidate) */
  overrides: DescriptionOverrides;
  /** every condition of the suite with the value the run uses */
  conditions: Record<string, string>;
  /** deferred tool loading, when the run uses it */
  toolSearch?: ToolSearchSettings;
  /** the settings the agent is rebuilt from (never a secret: workers read those from their own environment) */
  agentConfig: Record<string, unknown>;
  /**
   * More scores for a completed episode, committed in the same transaction as it: called inside it, after the
   * episode and its own scores are written, so it may read the episode back from the store.
   */
  scoreAlso?(episodeId: string, task: Task): ScoreInput[];
  /** Called once per recorded episode. */
  onOutcome(outcome: EpisodeOutcome): void;
  /** True once the run must take no more episodes (Ctrl-C, the error budget spent). */
  shouldStop(): boolean;
}

/**
 * Runs a batch of episodes somewhere other than this process (queue workers), recording each in the batch's
 * store. Resolves with the cause when it lost the means to go on: the run is then interrupted, not failed.
 */
export type EpisodeExecutor = (batch: EpisodeBatch) => Promise<{ interruptedBy?: string }>;
