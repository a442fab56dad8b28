import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { TRACES_LIST_OPTIONS, TRACES_SHOW_OPTIONS, type TracesListFlags, type TracesShowFlags } from '../tables/traces.ts';
import { registerLangfuseTraces } from './traces-langfuse.ts';

export function registerTraces(program: Command): void {
  const traces = program.command('traces').description('read recorded episodes and trajectories');
  registerLangfuseTraces(traces);

  const list = traces.command('list').description('list episodes, newest first');
  addTable(list, TRACES_LIST_OPTIONS);
  list.action(async (flags: TracesListFlags) => {
    const { tracesListCommand } = await import('../actions/traces.ts');
    await tracesListCommand(flags);
  });

  const show = traces.command('show').description('one episode step by step: every model call and tool call').argument('<episodeId>');
  addTable(show, TRACES_SHOW_OPTIONS);
  show.action(async (episodeId: string, flags: TracesShowFlags) => {
    const { tracesShowCommand } = await import('../actions/traces.ts');
    await tracesShowCommand(episodeId, flags);
  });
}
