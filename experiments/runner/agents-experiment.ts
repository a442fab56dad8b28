// `tdo experiment --agents`: the same versions measured with several agents, one experiment per agent
// (each in runs of its own, under that agent's id), brought together as versions x agents: each version's
// test success per agent with its interval, its change against the first version per agent, and the agent
// it serves worst. A version regresses when it regresses for any agent.
import { type Agent, isSimulatedAgentId } from '../../src/index.ts';
import type { Proportion } from '../../src/index.ts';
import { runExperiment, type ExperimentReport, type ExperimentRun, type ExperimentSettings } from './run-experiment.ts';
import type { Comparison, VersionResult } from './statistics.ts';

export interface AgentsExperimentRun extends Omit<ExperimentRun, 'agent' | 'agentConfig'> {
  /** two or more, each with the settings its runs store */
  agents: ReadonlyArray<{ agent: Agent; agentConfig?: Record<string, unknown> }>;
  onAgentStart?: (agent: string) => void;
}

/** One version on one split of one suite, with one agent. */
export interface AgentCell {
  agent: string;
  success: Proportion;
  /** against the first version with the same agent; null for the first version */
  change: Comparison['success'] | null;
  regressed: boolean;
}

export interface VersionAcrossAgents {
  version: string;
  cells: AgentCell[];
  /** the agent with the lowest success rate (the first listed on a tie) */
  worst: string;
}

export interface SuiteAcrossAgents {
  suite: string;
  test: VersionAcrossAgents[];
  /** present when the suite has a paraphrase split */
  paraphrase?: VersionAcrossAgents[];
}

export interface AgentsExperimentReport {
  kind: 'tdo-experiment-agents';
  createdAt: string;
  agents: Array<{ id: string; simulated: boolean }>;
  /** versions x agents per suite, read from `experiments` */
  suites: SuiteAcrossAgents[];
  /** every agent's own experiment, in the order of `agents` (fewer when one stopped the rest: an outage or an interrupt) */
  experiments: ExperimentReport[];
  regressions: Array<ExperimentReport['regressions'][number] & { agent: string }>;
  /** the most serious of the agents' verdicts: error, interrupted, regression, pass */
  verdict: ExperimentReport['verdict'];
  db: string;
}

const SERIOUSNESS: ReadonlyArray<ExperimentReport['verdict']> = ['error', 'interrupted', 'regression', 'pass'];

export async function runAgentsExperiment(settings: ExperimentSettings, run: AgentsExperimentRun): Promise<AgentsExperimentReport> {
  if (run.agents.length < 2) throw new Error('an experiment across agents needs two or more agents');
  const { agents, onAgentStart, ...common } = run;
  const experiments: ExperimentReport[] = [];
  for (const { agent, agentConfig } of agents) {
    onAgentStart?.(agent.id);
    const report = await runExperiment(settings, { ...common, agent, ...(agentConfig === undefined ? {} : { agentConfig }) });
    experiments.push(report);
    // An outage or an interrupt ends the experiment: the next agent's numbers would stand beside nothing.
    if (report.verdict === 'error' || report.verdict === 'interrupted') break;
  }
  return {
    kind: 'tdo-experiment-agents',
    createdAt: new Date().toISOString(),
    agents: agents.map(({ agent }) => ({ id: agent.id, simulated: isSimulatedAgentId(agent.id) })),
    suites: acrossAgents(experiments),
    experiments,
    regressions: experiments.flatMap((e) => e.regressions.map((r) => ({ ...r, agent: e.agent.id }))),
    verdict: SERIOUSNESS.find((v) => experiments.some((e) => e.verdict === v)) ?? 'pass',
    db: experiments[0]!.db,
  };
}

/** Per suite, each version's cells across the agents that ran it, on test and (when the suite has it) paraphrase. */
function acrossAgents(experiments: readonly ExperimentReport[]): SuiteAcrossAgents[] {
  const names = [...new Set(experiments.flatMap((e) => e.suites.map((s) => s.suite)))];
  return names.map((suite) => {
    const runs = experiments.flatMap((e) => {
      const s = e.suites.find((x) => x.suite === suite);
      return s === undefined ? [] : [{ agent: e.agent.id, test: s, paraphrase: s.paraphrase }];
    });
    const table = (split: (r: (typeof runs)[number]) => { results: VersionResult[]; comparisons: Comparison[] } | undefined) => {
      const versions = [...new Set(runs.flatMap((r) => split(r)?.results.map((v) => v.versionId) ?? []))];
      return versions.map((version): VersionAcrossAgents => {
        const cells = runs.flatMap((r): AgentCell[] => {
          const results = split(r);
          const result = results?.results.find((v) => v.versionId === version);
          if (results === undefined || result === undefined) return [];
          const comparison = results.comparisons.find((c) => c.version === version);
          return [{ agent: r.agent, success: result.success, change: comparison?.success ?? null, regressed: comparison?.regressed ?? false }];
        });
        return { version, cells, worst: cells.reduce((w, c) => ((c.success.rate ?? Infinity) < (w.success.rate ?? Infinity) ? c : w)).agent };
      });
    };
    const paraphrase = runs.some((r) => r.paraphrase !== undefined) ? table((r) => r.paraphrase) : undefined;
    return { suite, test: table((r) => r.test), ...(paraphrase === undefined ? {} : { paraphrase }) };
  });
}
