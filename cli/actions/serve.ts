// `tdo serve`: starts a shipped server, handing the flags on to its own main (servers/common/main.ts).
import { inputError } from '../../src/index.ts';
import { flagOf } from '../option-table.ts';
import { MARKET_ONLY, SERVED, type ServedName, type ServeFlags } from '../tables/serve.ts';

/** The shipped servers' start-up specs, loaded only when served so other commands start fast. */
const SERVERS: Record<ServedName, () => Promise<unknown>> = {
  lab: async () => (await import('../../servers/lab/main.ts')).labServerMain,
  labplus: async () => (await import('../../servers/labplus/main.ts')).labplusServerMain,
  market: async () => (await import('../../servers/market/main.ts')).marketServerMain,
  catalog: async () => (await import('../../servers/catalog/main.ts')).catalogServerMain,
};

/** Refuses a server name, a file or a flag that does not fit the server asked for. */
function checkServeInput(name: string, file: string | undefined, flags: ServeFlags): void {
  if (!(SERVED as readonly string[]).includes(name)) throw inputError(`unknown server "${name}"; choose one of ${SERVED.join(', ')}`);
  if (name === 'catalog' && file === undefined) throw inputError('tdo serve catalog needs the tools file: tdo serve catalog FILE');
  if (name !== 'catalog' && file !== undefined) throw inputError(`unexpected argument "${file}": only tdo serve catalog takes a file`);
  if (flags.workspace !== undefined && name !== 'lab') throw inputError('--workspace applies to lab only');
  const marketOnly = MARKET_ONLY.filter((flag) => flags[flag] !== undefined);
  if (name !== 'market' && marketOnly.length > 0) throw inputError(`${marketOnly.map(flagOf).join(', ')} apply to market only`);
  if (name === 'market' && flags.seller === undefined) throw inputError('tdo serve market needs --seller NAME');
}

export async function serveCommand(name: string, file: string | undefined, flags: ServeFlags): Promise<void> {
  checkServeInput(name, file, flags);
  const spec = await SERVERS[name as ServedName]();
  const { runServerMain } = await import('../../servers/common/main.ts');
  const stateDb = flags.stateDb ?? flags.db;
  await runServerMain(
    spec as Parameters<typeof runServerMain>[0],
    [
      ...(file === undefined ? [] : ['--tools', file]),
      ...(flags.http ? ['--http'] : []),
      ...(flags.port === undefined ? [] : ['--port', flags.port]),
      ...(flags.descriptions === undefined ? [] : ['--descriptions', flags.descriptions]),
      ...(flags.workspace === undefined ? [] : ['--workspace', flags.workspace]),
      ...(flags.seller === undefined ? [] : ['--seller', flags.seller]),
      ...(stateDb === undefined ? [] : ['--db', stateDb]),
      ...(flags.injection === undefined ? [] : ['--injection', flags.injection]),
      ...(flags.secretFile === undefined ? [] : ['--secret-file', flags.secretFile]),
    ],
    // a flag, a file or a port the server cannot start with is input to fix (exit 2), as for every other command
    (error) => {
      throw inputError(`tdo serve ${name}: ${error.message}`);
    },
  );
}
