import type { Command } from 'commander';
import { UsageError } from '../errors.ts';

/** The shipped servers' start-up specs, loaded only when served so other commands start fast. */
const SERVERS = {
  lab: async () => (await import('../../../servers/lab/main.ts')).labServerMain,
  labplus: async () => (await import('../../../servers/labplus/main.ts')).labplusServerMain,
} as const;

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('start a shipped MCP server over stdio (default) or Streamable HTTP on 127.0.0.1')
    .argument('<server>', `one of ${Object.keys(SERVERS).join(', ')}`)
    .option('--http', 'serve Streamable HTTP at http://127.0.0.1:PORT/mcp')
    .option('--port <n>', 'HTTP port (0 picks a free one; default 8000 for lab, 8001 for labplus)')
    .option('--descriptions <file>', 'descriptions file to serve (default: the one next to the server)')
    .option('--workspace <dir>', 'lab only: the folder read_file may read')
    .action(async (name: string, flags: { http?: boolean; port?: string; descriptions?: string; workspace?: string }) => {
      if (!(name in SERVERS)) throw new UsageError(`unknown server "${name}"; choose one of ${Object.keys(SERVERS).join(', ')}`);
      if (flags.workspace !== undefined && name !== 'lab') throw new UsageError('--workspace applies to lab only');
      const spec = await SERVERS[name as keyof typeof SERVERS]();
      const { runServerMain } = await import('../../../servers/common/main.ts');
      await runServerMain(spec as Parameters<typeof runServerMain>[0], [
        ...(flags.http ? ['--http'] : []),
        ...(flags.port === undefined ? [] : ['--port', flags.port]),
        ...(flags.descriptions === undefined ? [] : ['--descriptions', flags.descriptions]),
        ...(flags.workspace === undefined ? [] : ['--workspace', flags.workspace]),
      ]);
    });
}
