// What `tdo view` reads (view/): pages of runs and of a run's episodes, picked and filtered in SQL so a run of any
// size costs one page of rows, and a run's labelled-versus-chosen tool counts.
import type { EpisodeStatus, RunKind, RunStatus } from '../schema.ts';

/** Where a page starts and how many rows it holds. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** Rows of one page, and whether rows follow it (read as one row more than the page, never by counting them all). */
export interface Page<T> {
  rows: T[];
  more: boolean;
}

export interface RunListFilter {
  kind?: string;
  suite?: string;
  status?: string;
  agent?: string;
}

/** A run with its episodes' outcomes counted. */
export interface RunListRow {
  id: string;
  kind: RunKind;
  status: RunStatus;
  suiteName: string;
  agentId: string;
  split: string;
  createdAt: string;
  finishedAt: string | null;
  outcomes: RunOutcomes;
}

/** The values the run list can be filtered by, each once. */
export interface RunFacets {
  kinds: string[];
  suites: string[];
  statuses: string[];
  agents: string[];
}

export interface EpisodeListFilter {
  /** finished episodes judged a failure */
  failed?: boolean;
  /** episodes that ended in an outage */
  errored?: boolean;
  task?: string;
  split?: string;
  /** episodes that called this tool (its own name on its server) */
  tool?: string;
}

export interface EpisodeListRow {
  id: string;
  taskId: string;
  split: string;
  repeatIndex: number;
  status: EpisodeStatus;
  success: boolean | null;
  feedback: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** the tools called, in order (each a tool's own name) */
  tools: string[];
}

/** A run's episodes by outcome, counted over the whole run. */
export interface RunOutcomes {
  /** every episode of the run, running ones included */
  episodes: number;
  /** finished episodes with a verdict (success true or false) */
  judged: number;
  successes: number;
  /** episodes that ended in an outage */
  errors: number;
  running: number;
}

/** How often a decision labelled with `labelled` chose `chosen` (null: no tool was chosen). */
export interface ToolConfusionCell {
  labelled: string;
  chosen: string | null;
  decisions: number;
}

/** A finished episode's task and the tools it called, in order (server '' for a name no server has). */
export interface EpisodeToolCalls {
  taskId: string;
  calls: Array<{ server: string; tool: string }>;
}

export interface ViewReader {
  /** newest first */
  runPage(filter: RunListFilter, window: PageWindow): Page<RunListRow>;
  runFacets(): RunFacets;
  /** the run's episodes by task and repeat (the order of the run's own index, so no page sorts the run) */
  episodePage(runId: string, filter: EpisodeListFilter, window: PageWindow): Page<EpisodeListRow>;
  runOutcomes(runId: string): RunOutcomes;
  /** Per labelled tool, what the recorded decisions chose, each decision once (traces/viewing/tool-confusion.ts). */
  toolConfusion(runId: string): ToolConfusionCell[];
  /** Each completed episode of the run with the tools it called in order (for a run whose decisions name no labelled tool). */
  runToolCalls(runId: string): EpisodeToolCalls[];
  /**
   * The descriptions a search's evaluation served (the candidate of its content hash) with the server they are of;
   * undefined when no candidate holds them (a proposal the search did not keep).
   */
  evaluationCatalogue(runId: string, evaluation: number): { server: string; descriptions: Record<string, string> } | undefined;
  /** SQLite's data_version of the store's connection: it changes when another connection commits. */
  dataVersion(): number;
}
