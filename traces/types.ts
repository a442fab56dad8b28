// The trace store's public contract: row types (JSON columns already parsed) and the store interface.
import type { OptimizerRecords } from './optimizer-types.ts';
import type { RunLock } from './run-lock.ts';
import type { KindAndSettings } from './run-settings.ts';
import type { ViewReader } from './viewing/types.ts';
import type { descriptionVersions, episodes, experiments, RunStatus, scores, steps, runs, VersionOrigin } from './schema.ts';
import type { Page, PageWindow } from './viewing/types.ts';

export type { EpisodeStatus, RunKind, RunStatus, StepKind, VersionOrigin } from './schema.ts';
export type { KindAndSettings, RunSettings } from './run-settings.ts';
export type { RunLock } from './run-lock.ts';
export type * from './viewing/types.ts';

export type RunRow = typeof runs.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;
/** An episode plus the number of tool calls it made. */
export type EpisodeSummary = EpisodeRow & { toolCalls: number };
/** Where a step sits in its episode (columns of the steps table beside what the step itself says). */
export interface StepPlace {
  id: number;
  episodeId: string;
  /** 0..n in the order the steps completed within the episode */
  seq: number;
  startedAt: string;
}
/** A recorded tool call: the one ToolCall shape, with its place in the episode. */
export type ToolStep = StepPlace & { kind: 'tool' } & ToolCall;
/** A recorded model call. */
export type ModelStep = StepPlace & { kind: 'model'; latencyMs: number } & Pick<
    typeof steps.$inferSelect,
    'model' | 'input' | 'output' | 'tokensIn' | 'tokensOut' | 'cached' | 'cost' | 'tokensEstimated'
  >;
/** One step of a trajectory, read from its table row once (traces/reading.ts). */
export type StepRow = ToolStep | ModelStep;
export type ScoreRow = typeof scores.$inferSelect;
export type VersionRow = typeof descriptionVersions.$inferSelect;
export type ExperimentRow = typeof experiments.$inferSelect;

/** A new run: its kind and that kind's settings (traces/run-settings.ts), and what every run records. */
export type CreateRunInput = KindAndSettings & {
  suite: string;
  suitePath: string;
  /** 'sim' or 'llm:<model>' */
  agent: string;
  split: string;
  repeats: number;
  seed: number;
  concurrency: number;
  /** server name -> description version id */
  versionIds: Record<string, string>;
};

export interface StartEpisodeInput {
  runId: string;
  taskId: string;
  split: string;
  repeat: number;
  seed: number;
}

export interface EpisodeResult {
  status: 'completed' | 'error';
  answer: string | null;
  /** null: not judged (an error, or a live session recorded by `tdo proxy`, which has no task to check). */
  success: boolean | null;
  feedback: string;
  stop: string;
  note?: string;
}

/**
 * One tool call, in the one shape it keeps from the host that routed it (src/host/host.ts) through the
 * episode's record, the stored trajectory and the optimizer's facts to the reflective dataset
 * (optimizer/adapter/reflection.ts): the same field names with the same meanings everywhere. Its three names
 * are the catalogue entry's (src/catalogue/catalogue-types.ts): `name` as the agent saw and called it, `server`
 * and `tool`, the tool's own name on that server.
 */
export interface ToolCall {
  /** '' when the name the agent called is in no server's catalogue */
  server: string;
  /** the name the agent called, as its catalogue listed it (prefixed on a name collision) */
  name: string;
  /** the tool's own name on its server (the name the agent called when no server has it) */
  tool: string;
  args: unknown;
  /** the result flattened to the text a model reads */
  output: string;
  isError: boolean;
  latencyMs: number;
}

export interface ModelStepInput {
  model: string;
  input: unknown;
  output: unknown;
  tokensIn?: number;
  tokensOut?: number;
  latencyMs: number;
  cached?: boolean;
  /** dollars; absent when the model has no price (see steps.cost) */
  cost?: number;
  /** why the tokens are tdo's estimate, not the endpoint's usage (see steps.tokens_estimated) */
  tokensEstimated?: string;
}

export interface ScoreInput {
  name: string;
  value: number;
  comment?: string;
}

/** A step of an episode recorded away from the store (a queue worker), with when it started. */
export type RecordedStep = { kind: 'tool'; startedAt: string; step: ToolCall } | { kind: 'model'; startedAt: string; step: ModelStepInput };

/** A whole finished episode, kept in memory where it ran and committed to the store in one transaction. */
export interface EpisodeRecord {
  episode: StartEpisodeInput & { id: string; startedAt: string; finishedAt: string };
  result: EpisodeResult;
  steps: RecordedStep[];
  scores: ScoreInput[];
}

export interface EpisodeQuery {
  runId?: string;
  /** true: only finished episodes that did not succeed; false: only successes; absent: all */
  failed?: boolean;
  /** true: only episodes that ended in an outage (status 'error': no verdict) */
  errored?: boolean;
  limit?: number;
}

export interface Trajectory {
  episode: EpisodeRow;
  steps: StepRow[];
  scores: ScoreRow[];
}

export interface ToolSelectionCount {
  server: string;
  tool: string;
  calls: number;
  errors: number;
}

/** One score name summed over a run's episodes. */
export interface RunScoreTotal {
  name: string;
  /** score rows with this name (one per episode that recorded it) */
  episodes: number;
  sum: number;
}

export interface RunSummary {
  episodes: number;
  /** episodes with status 'completed' */
  completed: number;
  /** episodes with status 'error' (the agent or host failed, not the task) */
  errors: number;
  successes: number;
  toolCalls: number;
}

export interface RecordVersionInput {
  server: string;
  descriptions: Record<string, string>;
  origin: VersionOrigin;
  originDetail?: unknown;
  parents?: string[];
}

export interface RunStore {
  createRun(input: CreateRunInput): RunRow;
  getRun(id: string): RunRow | undefined;
  /** newest first */
  listRuns(limit?: number): RunRow[];
  /** Replaces the run's settings with new ones of its kind (set once more when a run learns ids made after it). */
  setRunSettings(id: string, input: KindAndSettings): void;
  /** Sets finished_at for terminal states and clears it when a run goes back to 'running' (resume). */
  setRunStatus(id: string, status: RunStatus): void;
  /** Keeps the suite check the command printed as the run started (cli/suite-check.ts), for `tdo view`. */
  setSuiteCheck(id: string, text: string): void;
  /** Holds the run for this process until released; throws TraceStoreError while another process holds it. */
  lockRun(id: string): RunLock;
}

export interface EpisodeRecorder {
  /**
   * Starts the attempt (run, task, repeat). If a 'running' episode already exists for that key, the
   * run was killed mid-episode: that episode, its steps and its scores are deleted and the attempt
   * starts afresh with a new id. Finished episodes are never replaced (resume redoes only unfinished ones).
   */
  startEpisode(input: StartEpisodeInput): EpisodeRow;
  finishEpisode(id: string, result: EpisodeResult): void;
  /** `${taskId}#${repeat}` of the run's completed episodes (an errored one is run again on resume) */
  completedEpisodeKeys(runId: string): Set<string>;
  /** Each step is committed on its own, so a killed process loses no step that was added. */
  addToolStep(episodeId: string, call: ToolCall): ToolStep;
  addModelStep(episodeId: string, step: ModelStepInput): ModelStep;
  addScore(episodeId: string, score: ScoreInput): void;
  /**
   * Runs `writes` (synchronous store calls) as one transaction: one commit for all of them, or none of
   * them stored if it throws. For writes that only mean something together, e.g. an episode's result and
   * its scores; steps are committed one by one, so a killed process keeps every finished step.
   */
  atomically<T>(writes: () => T): T;
  /**
   * Stores an episode that ran elsewhere, with its steps and scores, in one transaction. Returns false and
   * writes nothing when its (run, task, repeat) already has a finished episode, so a duplicated result is
   * recorded once; an unfinished or errored attempt of that key is replaced, as startEpisode does.
   */
  commitEpisode(record: EpisodeRecord): boolean;
}

export interface TraceReader {
  /** newest first */
  listEpisodes(query: EpisodeQuery): EpisodeSummary[];
  getTrajectory(episodeId: string): Trajectory | undefined;
  /** Tool calls in the run per (server, tool), most called first. */
  toolSelectionCounts(runId: string): ToolSelectionCount[];
  runSummary(runId: string): RunSummary;
  /**
   * Every score name recorded in the run's episodes, with its count and sum, computed in SQL (a run of any
   * size costs the same memory). Names come in the order they first appear reading the episodes newest
   * first, as listEpisodes lists them; empty for an unknown run or one without scores.
   */
  scoreTotals(runId: string): RunScoreTotal[];
  /**
   * Distinct result texts of a server's successful tool calls (optionally only these tools), each its first `chars`
   * characters, newest first, at most `limit` (default 500): what the server's tools have returned, e.g. to tell copied
   * output in a description.
   */
  toolResults(query: { server: string; tools?: string[]; limit?: number; chars: number }): string[];
}

/** What the model calls of one part (the agent or the proposer) spent. */
export interface ModelSpendTotals {
  /** calls sent to an endpoint */
  calls: number;
  /** calls answered from tdo's response cache: no tokens spent, no cost */
  cachedCalls: number;
  /** prompt and completion tokens of the calls sent */
  tokensIn: number;
  tokensOut: number;
  /** dollars; null when any call sent was of a model without a price */
  cost: number | null;
  /** the models of those calls */
  unpricedModels: string[];
  /** calls sent whose tokens are tdo's estimate, the endpoint's usage missing or not adding up (steps.tokens_estimated) */
  estimatedCalls: number;
  /** why, each reason once */
  estimateReasons: string[];
}

export interface RunSpend {
  agent: ModelSpendTotals;
  proposer: ModelSpendTotals;
}

export interface SpendReader {
  /** What the runs' agent model calls and LLM proposals spent, together (an optimize run with its agents' runs). */
  runSpend(runIds: readonly string[]): RunSpend;
}

export interface VersionStore {
  /** Recording a map already stored for the server returns the existing row unchanged. */
  recordVersion(input: RecordVersionInput): VersionRow;
  getVersion(id: string): VersionRow | undefined;
  /** oldest first */
  listVersions(server?: string): VersionRow[];
}

/** What `tdo view` reads (traces/viewing/), and a run's tool counts kept once the run is finished. */
export interface StoreViewReader extends ViewReader {
  /** toolSelectionCounts, kept once the run is finished (traces/viewing/finished-runs.ts) */
  runToolCounts(runId: string): ToolSelectionCount[];
}

export interface ResponseCacheStore {
  cacheGet(key: string): string | undefined;
  cachePut(key: string, value: string): void;
}

/** Finished experiments, each with what ties its runs together (experiments/runner/experiment-record.ts). */
export interface ExperimentStore {
  /** `id` from newExperimentId (traces/ids.ts), so the report can name it before it is stored */
  recordExperiment(input: Pick<ExperimentRow, 'id' | 'suites' | 'agentId' | 'verdict' | 'record'>): ExperimentRow;
  getExperiment(id: string): ExperimentRow | undefined;
  /** newest first */
  experimentPage(window: PageWindow): Page<ExperimentRow>;
}

export interface TraceStore
  extends RunStore, EpisodeRecorder, TraceReader, SpendReader, VersionStore, ResponseCacheStore, OptimizerRecords, ExperimentStore, StoreViewReader {
  /** absolute path of the database file */
  readonly path: string;
  close(): void;
}
