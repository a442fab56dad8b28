import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { OPTIMIZE_OPTIONS, type OptimizeFlags } from '../tables/optimize.ts';

export function registerOptimize(program: Command): void {
  const command = program
    .command('optimize')
    .description('search for better tool descriptions of one server (GEPA-style) and save the winner as a description version');
  addTable(command, OPTIMIZE_OPTIONS);
  command.action(async (flags: OptimizeFlags, command: Command) => {
    // Loaded on use, like `tdo run`: `tdo serve` must start fast.
    const { optimizeCommand } = await import('../actions/optimize.ts');
    await optimizeCommand(flags, command);
  });
}
