// `tdo serve`'s options, declared once (cli/option-table.ts). They are handed on to the server's own main
// (servers/common/main.ts), so none has a default here.
import { switchOption, valueOption, type FlagsOf } from '../option-table.ts';

/** The shipped servers `tdo serve` starts (their mains are in cli/actions/serve.ts). */
export const SERVED = ['lab', 'labplus', 'market', 'catalog'] as const;
export type ServedName = (typeof SERVED)[number];

export const SERVE_OPTIONS = {
  http: switchOption('--http', 'serve Streamable HTTP at http://127.0.0.1:PORT/mcp'),
  port: valueOption('--port <n>', 'HTTP port (0 picks a free one; default 8000 for lab, 8001 for labplus, 8100 for market)'),
  descriptions: valueOption('--descriptions <file>', 'descriptions file to serve (default: the one next to the server)'),
  workspace: valueOption('--workspace <dir>', 'lab only: the folder read_file may read'),
  seller: valueOption('--seller <name>', 'market only: which seller profile to serve (servers/market/sellers/NAME)'),
  stateDb: valueOption('--state-db <file>', "market only: the seller's negotiation state (SQLite)"),
  // The old spelling of --state-db, hidden: --db means the trace database everywhere else.
  db: valueOption('--db <file>', '', { hidden: true }),
  injection: valueOption('--injection <on|off>', "market only: offers carry one sentence aimed at the buyer's model"),
  secretFile: valueOption('--secret-file <file>', 'market only: HS256 token secret (else env TDO_AUTH_SECRET); --http needs one'),
};

/** The options only `tdo serve market` takes. */
export const MARKET_ONLY: readonly (keyof typeof SERVE_OPTIONS)[] = ['seller', 'stateDb', 'db', 'injection', 'secretFile'];

export type ServeFlags = FlagsOf<typeof SERVE_OPTIONS>;
