import type { TraceStore } from '../../traces/index.ts';

/** The part of the trace store an episode and a run write to. */
export type SuiteRunStore = Pick<
  TraceStore,
  | 'createRun' | 'getRun' | 'setRunStatus' | 'lockRun' | 'startEpisode' | 'finishEpisode' | 'completedEpisodeKeys'
  | 'addToolStep' | 'addModelStep' | 'addScore' | 'atomically' | 'recordVersion' | 'getVersion' | 'runSummary' | 'toolSelectionCounts'
  | 'listEpisodes' | 'getTrajectory' | 'scoreTotals'
>;
