import type { Command } from 'commander';

export interface ProxyFlags {
  name: string;
  version?: string;
  db?: string;
  config?: string;
}

export function registerProxy(program: Command): void {
  program
    .command('proxy')
    .description('serve MCP over stdio in place of a real server: forward everything to it, record every tool call, optionally serve a description version')
    .requiredOption('--name <name>', "the server's name in the trace store (and in tdo.config.json's mcpServers, when no command is given)")
    .option('--version <id>', 'description version to serve in tools/list (see `tdo versions`)')
    .option('--db <path>', 'trace database (default TDO_DB or traces/tdo.db)')
    .option('--config <file>', 'tdo.config.json (default TDO_CONFIG or ./tdo.config.json)')
    .argument('[command...]', 'the real server, after --: tdo proxy --name fs -- npx -y @modelcontextprotocol/server-filesystem DIR')
    // Everything after the server's command belongs to it, flags included.
    .passThroughOptions()
    .action(async (command: string[], flags: ProxyFlags) => {
      const { proxyCommand } = await import('../actions/proxy.ts');
      await proxyCommand(command, flags);
    });
}
