import type { Command } from 'commander';
import { sharedOption, type JsonFlag } from '../options.ts';

export interface InitFlags extends JsonFlag {
  server: string;
  url?: string;
  force?: boolean;
}

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('connect to your MCP server, list its tools, and write tdo.config.json and suites/NAME.yaml with the values only you can write marked FILL')
    .requiredOption('--server <name>', 'a name for the server (letters, digits, _ and -); alone, a server tdo.config.json already defines')
    .option('--url <url>', 'a running server over Streamable HTTP, instead of a command')
    .option('--force', 'overwrite suites/NAME.yaml when it exists')
    .addOption(sharedOption.json('print what was written as one JSON object'))
    .argument('[command...]', 'the command that starts the server over stdio, after -- (tdo init --server calc -- node server.js)')
    .action(async (command: string[], flags: InitFlags) => {
      const { initCommand } = await import('../actions/init.ts');
      await initCommand(command, flags);
    });
}
