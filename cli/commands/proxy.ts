import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { PROXY_OPTIONS, type ProxyFlags } from '../tables/proxy.ts';

export function registerProxy(program: Command): void {
  const command = program
    .command('proxy')
    .description('serve MCP over stdio in place of a real server: forward everything to it, record every tool call, optionally serve a description version');
  addTable(command, PROXY_OPTIONS);
  command
    .argument('[command...]', 'the real server, after --: tdo proxy --name fs -- npx -y @modelcontextprotocol/server-filesystem DIR')
    // Everything after the server's command belongs to it, flags included.
    .passThroughOptions()
    .action(async (command: string[], flags: ProxyFlags) => {
      const { proxyCommand } = await import('../actions/proxy.ts');
      await proxyCommand(command, flags);
    });
}
