// The versions x agents tables of `tdo experiment --agents`, built once so the terminal, Markdown and HTML
// views cannot disagree.
import { changeWithInterval, interval, points } from '../format.ts';
import type { AgentsExperimentReport, VersionAcrossAgents } from './agents-experiment.ts';
import type { Table } from './columns.ts';

/** One row per version: each agent's success with its interval and its change against the first version, then the worst agent. */
export function agentsTable(report: AgentsExperimentReport, rows: readonly VersionAcrossAgents[]): Table {
  const agents = report.agents.map((a) => a.id).filter((id) => rows.some((r) => r.cells.some((c) => c.agent === id)));
  const head = ['version', ...agents.flatMap((a) => [`${a}: success [95% CI]`, `${a}: Δ vs first [95% CI]`]), 'worst agent'];
  return {
    head,
    rows: rows.map((r) => [
      r.version,
      ...agents.flatMap((a) => {
        const cell = r.cells.find((c) => c.agent === a);
        if (cell === undefined) return ['–', '–'];
        const change = cell.change === null ? 'baseline' : `${changeWithInterval(cell.change)}${cell.regressed ? ' REGRESSION' : ''}`;
        return [interval(cell.success), change];
      }),
      r.worst,
    ]),
  };
}

export function agentsSentence(report: AgentsExperimentReport): string {
  const simulated = report.agents.filter((a) => a.simulated).map((a) => a.id);
  const note =
    simulated.length === 0
      ? ''
      : simulated.length === report.agents.length
        ? ' All are simulated selection models (sim personas), not LLMs; every number here is a simulation result.'
        : ` ${simulated.join(', ')} ${simulated.length === 1 ? 'is a simulated selection model' : 'are simulated selection models'}, not LLMs; their numbers are simulation results.`;
  return `Agents: ${report.agents.map((a) => a.id).join(', ')}, each running every version in runs of its own.${note}`;
}

export function agentsVerdictSentence(report: AgentsExperimentReport): string {
  const ran = report.experiments.length;
  const missing =
    ran < report.agents.length ? ` Only ${ran} of ${report.agents.length} agents ran: the experiment stopped at ${report.experiments[ran - 1]!.agent.id}.` : '';
  switch (report.verdict) {
    case 'error':
      return `No verdict: an outage, not a result (see ${report.experiments[ran - 1]!.agent.id}'s section).${missing}`;
    case 'interrupted':
      return `Interrupted: some runs did not finish; the numbers cover the episodes that did.${missing}`;
    case 'regression':
      return `Regression: ${report.regressions.map((r) => `${r.version} with ${r.agent} on ${r.suite} (${points(r.successDelta)})`).join(', ')}.`;
    case 'pass':
      return 'No regression for any agent.';
  }
}
