import type { Command } from 'commander';
import { addTable } from '../option-table.ts';
import { SERVE_OPTIONS, SERVED, type ServeFlags } from '../tables/serve.ts';

export function registerServe(program: Command): void {
  const command = program
    .command('serve')
    .description('start a shipped MCP server over stdio (default) or Streamable HTTP on 127.0.0.1')
    .argument('<server>', `one of ${SERVED.join(', ')}`)
    .argument('[file]', 'catalog only: the tools JSON file to serve ({"tools": [{name, description, inputSchema, result?}]})');
  addTable(command, SERVE_OPTIONS);
  command.action(async (name: string, file: string | undefined, flags: ServeFlags) => {
    const { serveCommand } = await import('../actions/serve.ts');
    await serveCommand(name, file, flags);
  });
}
