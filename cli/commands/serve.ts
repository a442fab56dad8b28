import { Option, type Command } from 'commander';
import { inputError } from '../../src/index.ts';
import { flagOf } from '../option-table.ts';

/** The shipped servers' start-up specs, loaded only when served so other commands start fast. */
const SERVERS = {
  lab: async () => (await import('../../servers/lab/main.ts')).labServerMain,
  labplus: async () => (await import('../../servers/labplus/main.ts')).labplusServerMain,
  market: async () => (await import('../../servers/market/main.ts')).marketServerMain,
  catalog: async () => (await import('../../servers/catalog/main.ts')).catalogServerMain,
} as const;

interface ServeFlags {
  http?: boolean;
  port?: string;
  descriptions?: string;
  workspace?: string;
  seller?: string;
  stateDb?: string;
  /** the old spelling of --state-db, hidden: --db means the trace database everywhere else */
  db?: string;
  injection?: string;
  secretFile?: string;
}

const MARKET_FLAGS = ['seller', 'stateDb', 'db', 'injection', 'secretFile'] as const;

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('start a shipped MCP server over stdio (default) or Streamable HTTP on 127.0.0.1')
    .argument('<server>', `one of ${Object.keys(SERVERS).join(', ')}`)
    .argument('[file]', 'catalog only: the tools JSON file to serve ({"tools": [{name, description, inputSchema, result?}]})')
    .option('--http', 'serve Streamable HTTP at http://127.0.0.1:PORT/mcp')
    .option('--port <n>', 'HTTP port (0 picks a free one; default 8000 for lab, 8001 for labplus, 8100 for market)')
    .option('--descriptions <file>', 'descriptions file to serve (default: the one next to the server)')
    .option('--workspace <dir>', 'lab only: the folder read_file may read')
    .option('--seller <name>', 'market only: which seller profile to serve (servers/market/sellers/NAME)')
    .option('--state-db <file>', "market only: the seller's negotiation state (SQLite)")
    .addOption(new Option('--db <file>').hideHelp())
    .option('--injection <on|off>', "market only: offers carry one sentence aimed at the buyer's model")
    .option('--secret-file <file>', 'market only: HS256 token secret (else env TDO_AUTH_SECRET); --http needs one')
    .action(async (name: string, file: string | undefined, flags: ServeFlags) => {
      if (!(name in SERVERS)) throw inputError(`unknown server "${name}"; choose one of ${Object.keys(SERVERS).join(', ')}`);
      if (name === 'catalog' && file === undefined) throw inputError('tdo serve catalog needs the tools file: tdo serve catalog FILE');
      if (name !== 'catalog' && file !== undefined) throw inputError(`unexpected argument "${file}": only tdo serve catalog takes a file`);
      if (flags.workspace !== undefined && name !== 'lab') throw inputError('--workspace applies to lab only');
      const marketOnly = MARKET_FLAGS.filter((flag) => flags[flag] !== undefined);
      if (name !== 'market' && marketOnly.length > 0) throw inputError(`${marketOnly.map(flagOf).join(', ')} apply to market only`);
      if (name === 'market' && flags.seller === undefined) throw inputError('tdo serve market needs --seller NAME');
      const spec = await SERVERS[name as keyof typeof SERVERS]();
      const { runServerMain } = await import('../../servers/common/main.ts');
      await runServerMain(spec as Parameters<typeof runServerMain>[0], [
        ...(file === undefined ? [] : ['--tools', file]),
        ...(flags.http ? ['--http'] : []),
        ...(flags.port === undefined ? [] : ['--port', flags.port]),
        ...(flags.descriptions === undefined ? [] : ['--descriptions', flags.descriptions]),
        ...(flags.workspace === undefined ? [] : ['--workspace', flags.workspace]),
        ...(flags.seller === undefined ? [] : ['--seller', flags.seller]),
        ...((flags.stateDb ?? flags.db) === undefined ? [] : ['--db', (flags.stateDb ?? flags.db)!]),
        ...(flags.injection === undefined ? [] : ['--injection', flags.injection]),
        ...(flags.secretFile === undefined ? [] : ['--secret-file', flags.secretFile]),
      ]);
    });
}
