import Table from 'cli-table3';
import type { RunReport } from '../../run/run-suite.ts';

export interface RunReportView {
  run: RunReport;
  suite: string;
  agent: string;
  agentId: string;
  split: string;
  dbPath: string;
}

/** tool -> times chosen; a tool name shared by two servers is keyed `server__tool`, as the catalogue shows it. */
export function selectionByTool(selection: RunReport['selection']): Record<string, number> {
  const owners = new Map<string, number>();
  for (const s of selection) owners.set(s.tool, (owners.get(s.tool) ?? 0) + 1);
  return Object.fromEntries(selection.map((s) => [(owners.get(s.tool) ?? 0) > 1 ? `${s.server}__${s.tool}` : s.tool, s.calls]));
}

export function runReportJson(view: RunReportView) {
  const { run } = view;
  return {
    run_id: run.runId,
    status: run.status,
    suite: view.suite,
    agent: view.agentId,
    simulated: view.agentId === 'sim',
    split: view.split,
    episodes: run.episodes,
    successes: run.successes,
    success_rate: run.successRate,
    tool_calls: run.toolCalls,
    selection: selectionByTool(run.selection),
    selection_detail: run.selection,
    version_ids: run.versionIds,
    db: view.dbPath,
  };
}

export function renderRunReport(view: RunReportView): string {
  const { run } = view;
  const table = new Table({ head: ['server', 'tool', 'chosen', 'errors'] });
  for (const s of run.selection) table.push([s.server, s.tool, s.calls, s.errors]);
  const pct = (run.successRate * 100).toFixed(1);
  return [
    `run ${run.runId} (${run.status})  suite ${view.suite}  split ${view.split}`,
    `agent ${view.agent}`,
    `success ${run.successes}/${run.episodes} = ${pct}%   tool calls ${run.toolCalls}`,
    `descriptions ${Object.entries(run.versionIds).map(([s, v]) => `${s}=${v}`).join('  ')}`,
    table.toString(),
    `traces in ${view.dbPath}: \`tdo traces list --run ${run.runId}\``,
    '',
  ].join('\n');
}
