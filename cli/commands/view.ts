import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { VIEW_OPTIONS, type ViewFlags } from '../tables/view.ts';

export function registerView(program: Command): void {
  const command = program
    .command('view')
    .description('serve a read-only web viewer of the trace store on 127.0.0.1: runs, episodes and trajectories, following runs as they write');
  addTable(command, VIEW_OPTIONS);
  command.action(async (flags: ViewFlags) => {
    const { viewCommand } = await import('../actions/view.ts');
    await viewCommand(flags);
  });
}
