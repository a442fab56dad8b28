// What the review and experiment reports need from each finished episode of a run, read back from the store.
import type { TraceStore } from '../../traces/index.ts';

export interface EpisodeFacts {
  taskId: string;
  repeat: number;
  /** 'error': the infrastructure failed (model endpoint, MCP server, the agent); no verdict, left out of every rate. */
  status: 'completed' | 'error';
  /** why it errored; null for a completed episode */
  errorCause: string | null;
  success: boolean;
  toolCalls: number;
  /** Servers the agent called at least once. */
  servers: Set<string>;
  /** Every score the episode recorded, by name (the last value when a name repeats). */
  scores: Map<string, number>;
}

export type FactsStore = Pick<TraceStore, 'listEpisodes' | 'getTrajectory'>;

/** The run's finished episodes (a killed, unfinished one is left out), in task then repeat order. */
export function episodeFacts(store: FactsStore, runId: string): EpisodeFacts[] {
  return store
    .listEpisodes({ runId })
    .filter((e) => e.status !== 'running')
    .map((e): EpisodeFacts => {
      const trajectory = store.getTrajectory(e.id);
      const tools = trajectory?.steps.filter((s) => s.kind === 'tool') ?? [];
      return {
        taskId: e.taskId,
        repeat: e.repeatIndex,
        status: e.status === 'error' ? 'error' : 'completed',
        errorCause: e.status === 'error' ? (e.note ?? 'no cause recorded') : null,
        success: e.success === true,
        toolCalls: tools.length,
        servers: new Set(tools.flatMap((s) => (s.server === null ? [] : [s.server]))),
        scores: new Map((trajectory?.scores ?? []).map((s) => [s.name, s.value])),
      };
    })
    .sort((a, b) => (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : a.repeat - b.repeat));
}

/** The episodes with a verdict: the denominator of every rate (errored ones say nothing of the task). */
export function judged(facts: readonly EpisodeFacts[]): EpisodeFacts[] {
  return facts.filter((f) => f.status === 'completed');
}

/** Share of judged episodes that called `server` at least once (the run's `selection` score, for any server). */
export function selectionRate(facts: readonly EpisodeFacts[], server: string): number {
  const j = judged(facts);
  return j.length === 0 ? 0 : j.filter((f) => f.servers.has(server)).length / j.length;
}

export function successRate(facts: readonly EpisodeFacts[]): number {
  const j = judged(facts);
  return j.length === 0 ? 0 : j.filter((f) => f.success).length / j.length;
}
