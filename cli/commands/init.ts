import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { INIT_OPTIONS, type InitFlags } from '../tables/init.ts';

export function registerInit(program: Command): void {
  const command = program
    .command('init')
    .description('connect to your MCP server, list its tools, and write tdo.config.json and suites/NAME.yaml with the values only you can write marked FILL');
  addTable(command, INIT_OPTIONS);
  command
    .argument('[command...]', 'the command that starts the server over stdio, after -- (tdo init --server calc -- node server.js)')
    .action(async (command: string[], flags: InitFlags) => {
      const { initCommand } = await import('../actions/init.ts');
      await initCommand(command, flags);
    });
}
