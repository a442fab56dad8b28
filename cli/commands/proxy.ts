import { sharedOption, storeOptions, type StoreFlags, type TdoCommand } from '../options.ts';

export interface ProxyFlags extends StoreFlags {
  name: string;
  version: string[];
}

export function registerProxy(program: TdoCommand): void {
  program
    .command('proxy')
    .description('serve MCP over stdio in place of a real server: forward everything to it, record every tool call, optionally serve a description version')
    .requiredOption('--name <name>', "the server's name in the trace store (and in tdo.config.json's mcpServers, when no command is given)")
    .addOption(sharedOption.version('description version to serve in tools/list (see `tdo versions`); one, since a proxy fronts one server'))
    .addOptions(storeOptions())
    .argument('[command...]', 'the real server, after --: tdo proxy --name fs -- npx -y @modelcontextprotocol/server-filesystem DIR')
    // Everything after the server's command belongs to it, flags included.
    .passThroughOptions()
    .action(async (command: string[], flags: ProxyFlags) => {
      const { proxyCommand } = await import('../actions/proxy.ts');
      await proxyCommand(command, flags);
    });
}
