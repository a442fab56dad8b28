// The per-agent part of a several-agent optimize report (`--agents`): each agent's seed and best on every
// split, and the agent each candidate serves worst, read from the (task, agent) results of the search.
import type { TaskResult } from '../../engine/types.ts';
import type { AgentInstances } from '../../adapter/agent-instances.ts';
import { splitScores, type SplitScores } from './split-scores.ts';

export const OBJECTIVES = ['mean', 'worst'] as const;
export type ObjectiveName = (typeof OBJECTIVES)[number];

export const REPORT_SPLITS = ['val', 'test', 'paraphrase'] as const;
export type ReportSplit = (typeof REPORT_SPLITS)[number];

/** A candidate's results per split; null where the split was not run (held out, none in the suite, interrupted). */
export type SplitResults = Record<ReportSplit, readonly TaskResult<unknown>[] | null>;
export type AgentSplits = Record<ReportSplit, SplitScores | null>;

export interface AgentScores {
  agent: string;
  /** the run holding this agent's episodes */
  runId: string;
  seed: AgentSplits;
  best: AgentSplits;
}

/** The agent whose target score is lowest on a split (the first listed on a tie). */
export interface WorstAgent {
  agent: string;
  scores: SplitScores;
}

export interface PerAgentReport {
  /** what "best" meant: the mean of the agents' validation scores, or the worst agent's */
  objective: ObjectiveName;
  agents: AgentScores[];
  worst: { seed: Record<ReportSplit, WorstAgent | null>; best: Record<ReportSplit, WorstAgent | null> };
}

export function perAgentReport(
  instances: AgentInstances,
  runIds: readonly string[],
  objective: ObjectiveName,
  results: { seed: SplitResults; best: SplitResults },
): PerAgentReport {
  const of = (split: SplitResults, agent: string): AgentSplits => {
    const scores = (rs: readonly TaskResult<unknown>[] | null) => (rs === null ? null : splitScores(rs.filter((r) => instances.agentOf(r.taskId) === agent)));
    return { val: scores(split.val), test: scores(split.test), paraphrase: scores(split.paraphrase) };
  };
  const agents = instances.agentIds.map((agent, i) => ({ agent, runId: runIds[i]!, seed: of(results.seed, agent), best: of(results.best, agent) }));
  const worst = (which: 'seed' | 'best') =>
    Object.fromEntries(
      REPORT_SPLITS.map((split) => {
        const measured = agents.flatMap((a) => (a[which][split] === null ? [] : [{ agent: a.agent, scores: a[which][split]! }]));
        return [split, measured.length === 0 ? null : measured.reduce((w, a) => (a.scores.score < w.scores.score ? a : w))];
      }),
    ) as Record<ReportSplit, WorstAgent | null>;
  return { objective, agents, worst: { seed: worst('seed'), best: worst('best') } };
}
