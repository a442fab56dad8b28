import type { EpisodeResult, ModelStepInput, ScoreInput, StartEpisodeInput, ToolCall, TraceStore } from '../../traces/index.ts';

/** The part of the trace store an episode and a run write to. */
export type SuiteRunStore = Pick<
  TraceStore,
  | 'createRun'
  | 'getRun'
  | 'setRunStatus'
  | 'lockRun'
  | 'startEpisode'
  | 'finishEpisode'
  | 'completedEpisodeKeys'
  | 'addToolStep'
  | 'addModelStep'
  | 'addScore'
  | 'atomically'
  | 'commitEpisode'
  | 'recordVersion'
  | 'getVersion'
  | 'runSummary'
  | 'toolSelectionCounts'
  | 'listEpisodes'
  | 'getTrajectory'
  | 'scoreTotals'
  | 'path'
>;

/** What one episode writes as it runs: the trace store in-process, an in-memory record on a queue worker. */
export interface EpisodeWriter {
  startEpisode(input: StartEpisodeInput): { id: string };
  finishEpisode(id: string, result: EpisodeResult): void;
  addToolStep(episodeId: string, call: ToolCall): void;
  addModelStep(episodeId: string, step: ModelStepInput): void;
  addScore(episodeId: string, score: ScoreInput): void;
  atomically<T>(writes: () => T): T;
}
