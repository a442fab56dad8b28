import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { RUN_OPTIONS, type RunFlags } from '../tables/run.ts';

export function registerRun(program: Command): void {
  const command = program.command('run').description('run a task suite with an agent and record every model call and tool call');
  addTable(command, RUN_OPTIONS);
  command.action(async (flags: RunFlags, command: Command) => {
    // Loaded on use: the trace store and agents are heavy, and `tdo serve` must start fast.
    const { runCommand } = await import('../actions/run.ts');
    await runCommand(flags, command);
  });
}
