// What the review and experiment reports need from each finished episode of a run, read back from the store.
import type { TraceStore } from '../../traces/index.ts';

export interface EpisodeFacts {
  taskId: string;
  repeat: number;
  /** 'error': the agent or host failed; the episode counts as a failure. */
  status: 'completed' | 'error';
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
        success: e.success === true,
        toolCalls: tools.length,
        servers: new Set(tools.flatMap((s) => (s.server === null ? [] : [s.server]))),
        scores: new Map((trajectory?.scores ?? []).map((s) => [s.name, s.value])),
      };
    })
    .sort((a, b) => (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : a.repeat - b.repeat));
}

/** Share of episodes that called `server` at least once (the run's `selection` score, for any server). */
export function selectionRate(facts: readonly EpisodeFacts[], server: string): number {
  return facts.length === 0 ? 0 : facts.filter((f) => f.servers.has(server)).length / facts.length;
}

export function successRate(facts: readonly EpisodeFacts[]): number {
  return facts.length === 0 ? 0 : facts.filter((f) => f.success).length / facts.length;
}
