// The Markdown report of `tdo experiment --agents`: versions x agents, then each agent's own report with
// its headings one level down.
import { agentsSentence, agentsTable, agentsVerdictSentence } from './agents-columns.ts';
import type { AgentsExperimentReport } from './agents-experiment.ts';
import { markdownTable, renderExperimentMarkdown } from './report-md.ts';

export function renderAgentsExperimentMarkdown(report: AgentsExperimentReport): string {
  const out = ['# tdo experiment across agents', '', `${agentsSentence(report)}  `, '', `**${agentsVerdictSentence(report)}**`, ''];
  for (const suite of report.suites) {
    out.push(`## Suite ${suite.suite}: versions x agents`, '', 'Test success per agent, and its change against the first version with the same agent:', '');
    out.push(...markdownTable(agentsTable(report, suite.test)), '');
    if (suite.paraphrase !== undefined) out.push('Paraphrase:', '', ...markdownTable(agentsTable(report, suite.paraphrase)), '');
  }
  for (const e of report.experiments) {
    const own = renderExperimentMarkdown(e)
      .split('\n')
      .map((line) => (line.startsWith('#') ? `#${line}` : line));
    own[0] = `## Agent ${e.agent.id}`;
    out.push(...own);
  }
  return `${out.join('\n').trimEnd()}\n`;
}
