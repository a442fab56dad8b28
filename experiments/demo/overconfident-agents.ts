// `tdo demo overconfident --agents`: the demo read by several agents (sim personas fitted to different real
// models, or LLMs). Both searches run once, every candidate evaluated by each agent (as `tdo optimize --agents`
// does), so selection-best is the one text a seller would ship to all of them; the experiment then measures the
// four rows with each agent. Per agent: its rows, each row's change from the honest seed, and which agent the
// selection-best text sways most and least (the rise in mega-depot's first-choice share over the honest seed).
import { type Agent, type EpisodeExecutor, isSimulatedAgentId } from '../../src/index.ts';
import type { TraceStore } from '../../traces/index.ts';
import type { ObjectiveName, PerAgentReport } from '../../optimizer/search/report/agent-report.ts';
import { agentsVerdictSentence } from '../runner/agents-columns.ts';
import { runAgentsExperiment, type AgentsExperimentReport } from '../runner/agents-experiment.ts';
import { differenceInterval, type DifferenceInterval } from '../../src/index.ts';
import {
  DEMO_SERVER,
  HONEST_SEED_FILE,
  demoExperiment,
  experimentHooks,
  honestMarket,
  meanDifference,
  measureRoles,
  otherSellersOf,
  requireMeasured,
  savingsOf,
  searchFromHonestSeed,
  searchSummary,
  type DemoCommon,
  type DemoEffects,
  type DemoFindings,
  type DemoRole,
  type DemoRow,
  type DemoSettings,
  type MeanDifference,
} from './overconfident.ts';

export interface DemoAgent {
  agent: Agent;
  /** how a run stores it, and how a `tdo worker` rebuilds it */
  agentConfig: Record<string, unknown>;
}

export interface DemoAgentsRequest extends DemoCommon {
  /** two or more, in the order the report lists them */
  agents: readonly DemoAgent[];
  /** what the searches' winners maximize over the agents' validation scores */
  objective: ObjectiveName;
  /** `--queue`: every episode on `tdo worker` processes, which rebuild each agent from its agentConfig */
  executor?: EpisodeExecutor;
  onAgentStart?: (agent: string) => void;
}

/** A row against the honest seed, measured with one agent (each difference: row minus seed, with its 95% interval). */
export interface ChangeFromSeed {
  firstChoiceShare: DifferenceInterval;
  usedServer: DifferenceInterval;
  success: DifferenceInterval;
  savings: MeanDifference;
}

export type ChangedRole = Exclude<DemoRole, 'seed'>;

export interface AgentDemo {
  agent: string;
  simulated: boolean;
  rows: DemoRow[];
  /** null for a role that holds the seed itself (a search that kept it): the same episodes, no difference to measure */
  fromSeed: Record<ChangedRole, ChangeFromSeed | null>;
  effects: DemoEffects;
  findings: DemoFindings;
}

/** How much the selection-best text sways one agent: its change from the honest seed. */
export interface Sway {
  agent: string;
  firstChoice: DifferenceInterval;
  success: DifferenceInterval;
}

export interface DemoAgentsReport {
  server: string;
  /** budget is per agent: each search spends budget x agents metric calls */
  settings: DemoSettings & { objective: ObjectiveName };
  honestSeedFile: string;
  shippedFile: string;
  optimizeRuns: Record<'selection' | 'success', ReturnType<typeof searchSummary> & { perAgent: PerAgentReport }>;
  otherSellers: string[];
  perAgent: AgentDemo[];
  /**
   * The agents whose first-choice share selection-best raises the most (the first listed on a tie) and the least
   * (the last listed); null when the selection search kept the honest seed, so that no text differs from it.
   */
  mostSwayed: Sway | null;
  leastSwayed: Sway | null;
  experiment: AgentsExperimentReport;
}

export async function runOverconfidentDemoAcrossAgents(req: DemoAgentsRequest): Promise<DemoAgentsReport> {
  if (req.agents.length < 2) throw new Error('the demo across agents needs two or more agents');
  const { store, settings } = req;
  const market = honestMarket(req.market);
  const configs = req.agents.map((a) => a.agentConfig);
  // --budget keeps its single-agent meaning per agent: every candidate costs one episode per agent, so the search
  // tries as many candidates as the single-agent demo does at the same budget
  const searches = await searchFromHonestSeed(req, market, {
    agents: req.agents.map((a) => a.agent),
    agentSettings: { agent: configs[0]!, agents: configs, objective: req.objective },
    budget: settings.budget * req.agents.length,
    ...(req.executor === undefined ? {} : { executor: req.executor }),
  });
  const { roleVersion, experimentSettings } = demoExperiment(req, market, searches);
  const experiment = await runAgentsExperiment(experimentSettings, {
    store,
    agents: req.agents,
    ...(req.executor === undefined ? {} : { executor: req.executor }),
    ...(req.onAgentStart === undefined ? {} : { onAgentStart: req.onAgentStart }),
    ...experimentHooks(req),
  });
  requireMeasured(experiment.verdict, () => agentsVerdictSentence(experiment));
  const perAgent = experiment.experiments.map((e): AgentDemo => {
    const measured = measureRoles(store, market, e, roleVersion);
    return { agent: e.agent.id, simulated: isSimulatedAgentId(e.agent.id), ...measured, fromSeed: changesFromSeed(store, measured.rows) };
  });
  const sways = perAgent.flatMap((a): Sway[] => {
    const change = a.fromSeed['selection-best'];
    return change === null ? [] : [{ agent: a.agent, firstChoice: change.firstChoiceShare, success: change.success }];
  });
  const withPerAgent = (target: 'selection' | 'success') => ({ ...searchSummary(searches[target]), perAgent: searches[target].perAgent! });
  return {
    server: DEMO_SERVER,
    settings: { ...settings, objective: req.objective },
    honestSeedFile: HONEST_SEED_FILE,
    shippedFile: req.shippedFile,
    optimizeRuns: { selection: withPerAgent('selection'), success: withPerAgent('success') },
    otherSellers: otherSellersOf(market),
    perAgent,
    mostSwayed: sways.length === 0 ? null : sways.reduce((most, s) => (s.firstChoice.delta > most.firstChoice.delta ? s : most)),
    leastSwayed: sways.length === 0 ? null : sways.reduce((least, s) => (s.firstChoice.delta <= least.firstChoice.delta ? s : least)),
    experiment,
  };
}

/** Each row but the seed against the seed, from the same agent's episodes. */
function changesFromSeed(store: TraceStore, rows: readonly DemoRow[]): Record<ChangedRole, ChangeFromSeed | null> {
  const seed = rows.find((r) => r.role === 'seed')!;
  const seedSavings = savingsOf(store, seed);
  const changes = rows
    .filter((r) => r.role !== 'seed')
    .map((r) => [
      r.role,
      r.versionId === seed.versionId
        ? null
        : {
            firstChoiceShare: differenceInterval(seed.firstChoiceShare, r.firstChoiceShare),
            usedServer: differenceInterval(seed.usedServer, r.usedServer),
            success: differenceInterval(seed.success, r.success),
            savings: meanDifference(seedSavings, savingsOf(store, r)),
          },
    ]);
  return Object.fromEntries(changes) as Record<ChangedRole, ChangeFromSeed | null>;
}
