// The terminal view of `tdo experiment --agents`: versions x agents per suite, then each agent's own summary.
import Table from 'cli-table3';
import { tableStyle } from '../format.ts';
import { agentsSentence, agentsTable, agentsVerdictSentence } from './agents-columns.ts';
import type { AgentsExperimentReport } from './agents-experiment.ts';
import type { Table as Rows } from './columns.ts';
import { renderExperimentSummary } from './summary.ts';

function table(rows: Rows): string {
  const t = new Table({ style: tableStyle(), head: rows.head });
  t.push(...rows.rows);
  return t.toString();
}

export function renderAgentsExperimentSummary(report: AgentsExperimentReport): string {
  const out: string[] = [agentsSentence(report), ''];
  for (const suite of report.suites) {
    out.push(`suite ${suite.suite}: test success per agent`, table(agentsTable(report, suite.test)));
    if (suite.paraphrase !== undefined) out.push(`suite ${suite.suite}: paraphrase success per agent`, table(agentsTable(report, suite.paraphrase)));
  }
  for (const e of report.experiments) out.push('', `agent ${e.agent.id}:`, renderExperimentSummary(e).trimEnd());
  out.push('', agentsVerdictSentence(report));
  return `${out.join('\n')}\n`;
}
