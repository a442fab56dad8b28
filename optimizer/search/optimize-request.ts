// What one optimize run is asked (OptimizeRequest), and the search it plans from it before anything is
// connected: the suite's splits, the target, the agents and the (task, agent) instances they search over.
import { resolveConditions, type Agent, type CatalogueTool, type EpisodeExecutor, type LoadedSuite } from '../../src/index.ts';
import type { TraceStore } from '../../traces/index.ts';
import type { EngineProgress } from '../engine/engine.ts';
import type { GateVerdict, Proposer, Texts } from '../engine/types.ts';
import { AgentInstances } from '../adapter/agent-instances.ts';
import { RatingAgent } from '../adapter/rating-agent.ts';
import type { ToolReflectionRecord } from '../adapter/reflection.ts';
import type { OptimizeSettings } from './settings.ts';
import { targetFor, type Target } from '../adapter/targets.ts';

/**
 * Checks a child's descriptions against its parent's before the child is run; `toolResults` are what the
 * server's tools returned in the trajectories the proposer read. A verdict names the rule broken.
 */
export type HonestyGate = (parent: Texts, child: Texts, context: { toolResults: readonly string[] }) => GateVerdict | undefined;

export interface OptimizeRequest {
  store: TraceStore;
  loaded: LoadedSuite;
  agent: Agent;
  /** with settings.agents: the agents built from them, in order (`agent` is then the first) */
  agents?: readonly Agent[];
  proposer: Proposer<ToolReflectionRecord>;
  settings: OptimizeSettings;
  /** runs whose episodes (recorded elsewhere, e.g. imported from Langfuse) become the seed's reflective data */
  seedRuns?: string[];
  /** the honesty gate, used when settings.honestyGate is on (the CLI builds it from the lint: experiments/review/lint/gate.ts) */
  gate?: HonestyGate;
  /** rule -> what the gate refuses under it, in plain words, shown to the proposer (the CLI gives the lint's: experiments/review/lint/gate.ts) */
  gateRules?: Readonly<Record<string, string>>;
  resumeRunId?: string;
  /** Runs every evaluation's episodes elsewhere (`--queue`: on `tdo worker` processes, from settings.agent); in this process when absent. */
  executor?: EpisodeExecutor;
  signal?: AbortSignal;
  stopFile?: string;
  /** evaluate seed and best on the test split, and the paraphrase split when the suite has one, at the end (default true) */
  reportTest?: boolean;
  /** The command that continues the search, as outage messages name it; `tdo optimize --resume RUN` when absent. */
  resumeCommand?: (runId: string) => string;
  onStart?: (info: { runId: string; resumed: boolean }) => void;
  /** Given the seed's catalogue (what the agent sees before any edit), once the servers are connected and before the run is opened. */
  onCatalogue?: (tools: readonly CatalogueTool[]) => void;
  onProgress?: (progress: EngineProgress) => void;
}

export type SplitName = 'train' | 'val' | 'test' | 'paraphrase';

/** What the request searches, read from it alone. */
export interface SearchPlan {
  /** task ids per split */
  splits: Record<SplitName, string[]>;
  target: Target;
  /** the agents that evaluate every candidate (each asked to rate its tools under the feedback target) */
  agents: readonly Agent[];
  /** what the engine searches over: (task, agent) pairs, which are just the tasks when there is one agent */
  instances: AgentInstances;
  conditions: ReturnType<typeof resolveConditions>;
}

export function planSearch({ loaded: { suite }, settings, agent, agents }: OptimizeRequest): SearchPlan {
  const split = (s: SplitName) => suite.tasks.filter((t) => t.split === s).map((t) => t.id);
  const searchAgents = (agents ?? [agent]).map((a) => (settings.target === 'feedback' ? new RatingAgent(a) : a));
  return {
    splits: { train: split('train'), val: split('val'), test: split('test'), paraphrase: split('paraphrase') },
    target: targetFor(settings.target, settings.server),
    agents: searchAgents,
    instances: new AgentInstances(
      searchAgents.map((a) => a.id),
      suite.tasks.map((t) => t.id),
    ),
    conditions: resolveConditions(suite, settings.conditions),
  };
}

/** The command that continues the search, as outage and interruption messages name it. */
export function resumeOf(req: Pick<OptimizeRequest, 'resumeCommand'>, runId: string): string {
  return req.resumeCommand?.(runId) ?? `tdo optimize --resume ${runId}`;
}
