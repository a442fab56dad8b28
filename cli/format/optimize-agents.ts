// The per-agent part of `tdo optimize --agents` output: each agent's seed and best on every split, and the
// agent each candidate serves worst (optimizer/search/report/agent-report.ts measures them).
import { REPORT_SPLITS, type AgentSplits, type PerAgentReport, type WorstAgent, type SplitScores } from '../../optimizer/index.ts';
import { describeAgent, isSimulatedAgentId } from '../../src/index.ts';
import { changeWithInterval } from '../../experiments/index.ts';
import { differenceInterval } from '../../src/index.ts';
import { splitJson } from './optimize-intervals.ts';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Whether any of the report's agents is simulated (its numbers are then not, or not all, LLM results). */
export function anySimulated(p: PerAgentReport): boolean {
  return p.agents.some((a) => isSimulatedAgentId(a.agent));
}

const OBJECTIVE_MEANING = {
  mean: "the winner has the best mean of the agents' validation scores",
  worst: 'the winner has the best validation score of the agent it serves worst',
} as const;

export function agentsHeader(p: PerAgentReport): string[] {
  return [
    `agents (each evaluated every candidate; the budget counts every episode of each):`,
    ...p.agents.map((a) => `  ${describeAgent(a.agent)}  episodes in run ${a.runId}`),
    `objective ${p.objective}: ${OBJECTIVE_MEANING[p.objective]}`,
  ];
}

/** "+22.7 pts [−5.7 pts, +46.6 pts]" and room for it. */
const CHANGE_WIDTH = 36;
const successChange = (seed: SplitScores, best: SplitScores) => {
  const c = differenceInterval(seed.success, best.success);
  return changeWithInterval(c);
};

/** Seed and best per agent and split, then the worst agent of each; the target score beside success when they differ. */
export function agentsTable(p: PerAgentReport, target: string): string[] {
  const withScore = target !== 'success';
  const width = Math.max('worst agent'.length, ...p.agents.map((a) => a.agent.length));
  const cellWidth = withScore ? 15 : 7;
  const cell = (s: SplitScores | null) =>
    (s === null ? '' : `${pct(s.success.rate ?? 0).padStart(7)}${withScore ? `  ${s.score.toFixed(3).padStart(6)}` : ''}`).padStart(cellWidth);
  const row = (label: string, split: string, seed: SplitScores | null, best: SplitScores | null, note = '') =>
    `  ${label.padEnd(width)} ${split.padEnd(10)} ${cell(seed)}  ${cell(best)}  ${(seed && best ? successChange(seed, best) : '').padEnd(CHANGE_WIDTH)}${note}`.trimEnd();
  const agentRows = (seed: AgentSplits, best: AgentSplits, agent: string) =>
    REPORT_SPLITS.flatMap((split, i) => (seed[split] === null ? [] : [row(i === 0 ? agent : '', split, seed[split], best[split])]));
  const who = (w: WorstAgent | null) => w?.agent ?? '-';
  const worstRows = REPORT_SPLITS.flatMap((split, i) => {
    const [seed, best] = [p.worst.seed[split], p.worst.best[split]];
    return seed === null
      ? []
      : [row(i === 0 ? 'worst agent' : '', split, seed.scores, best?.scores ?? null, `  lowest ${target} score: seed ${who(seed)}, best ${who(best)}`)];
  });
  return [
    `  ${'per agent'.padEnd(width)} ${'split'.padEnd(10)} ${'seed'.padStart(cellWidth)}  ${'best'.padStart(cellWidth)}  ${'success change [95% CI]'.padEnd(CHANGE_WIDTH)}${withScore ? `seed and best: success and ${target} score` : ''}`.trimEnd(),
    ...p.agents.flatMap((a) => agentRows(a.seed, a.best, a.agent)),
    ...worstRows,
  ];
}

function splitsJson(s: AgentSplits) {
  return Object.fromEntries(REPORT_SPLITS.flatMap((split) => (s[split] === null ? [] : [[split, splitJson(s[split])]])));
}

const worstJson = (w: PerAgentReport['worst']['seed']) =>
  Object.fromEntries(REPORT_SPLITS.flatMap((split) => (w[split] === null ? [] : [[split, { agent: w[split].agent, ...splitJson(w[split].scores) }]])));

export function agentsJson(p: PerAgentReport) {
  return {
    objective: p.objective,
    agents: p.agents.map((a) => ({
      agent: a.agent,
      simulated: isSimulatedAgentId(a.agent),
      run_id: a.runId,
      seed: splitsJson(a.seed),
      best: splitsJson(a.best),
    })),
    worst_agent: { seed: worstJson(p.worst.seed), best: worstJson(p.worst.best) },
  };
}
