// The one composition point of every command that reads the config or the trace store: the config is
// read first (it may name the database, the endpoint and Langfuse), then the store is opened, and both
// are released however the command ends. Errors are mapped to exit codes in one place, cli/errors.ts.
import { existsSync } from 'node:fs';
import { openTraceStore, type TraceStore } from '../traces/index.ts';
import { inputError } from '../src/index.ts';
import { loadCliConfig, type CliConfig } from './config.ts';
import { databasePath } from './database-path.ts';
import { attachLangfuse } from './langfuse.ts';
import type { StoreFlags } from './options.ts';

export interface CommandContext {
  config: CliConfig;
  store: TraceStore;
  /** The run the command recorded, named in the Langfuse delivery line; set by the command. */
  runId?: string;
}

export interface StoreUse<C = undefined> {
  /**
   * `read`: an existing database (a missing file is an error, not a new empty one); `update`: an existing one the
   * command adds to (what it needs is recorded there already, as an experiment's versions); `write`: created if
   * needed.
   */
  mode: 'read' | 'update' | 'write';
  /** With mode `read`: a connection that cannot write, and no migration applied (`tdo view`). */
  readOnly?: boolean;
  /** Record to Langfuse too when it is configured (commands that run episodes). */
  langfuse?: boolean;
  /**
   * Reads the command's input against the config before the store is opened, so input it refuses (a suite or
   * server that does not exist, an unknown agent, a queue that does not answer) leaves no new database behind;
   * withStore passes what it returns to `use`.
   */
  check?: (config: CliConfig) => C | Promise<C>;
}

/** The config of a command: --config, else TDO_CONFIG, else ./tdo.config.json (none is fine). */
export function commandConfig(flags: Pick<StoreFlags, 'config'>): CliConfig {
  return loadCliConfig(flags.config);
}

export interface OpenContext extends CommandContext {
  /** Drains Langfuse (when attached) and closes the store. */
  close(): Promise<void>;
}

/** The config and the store for a command that manages their lifetime itself; prefer withStore. */
export async function openContext(flags: StoreFlags, how: StoreUse<unknown>, config: CliConfig = commandConfig(flags)): Promise<OpenContext> {
  const path = databasePath(flags);
  if (how.mode !== 'write' && !existsSync(path))
    throw inputError(`no trace database at ${path}: run \`tdo run --suite lab\` first, or point --db, TDO_DB or \`db\` in tdo.config.json at an existing one`);
  const store = openTraceStore(path, { readOnly: how.mode === 'read' && how.readOnly === true });
  if (how.langfuse !== true) return { config, store, close: async () => store.close() };
  try {
    const langfuse = await attachLangfuse(store);
    const context: OpenContext = {
      config,
      store: langfuse.store,
      async close() {
        try {
          await langfuse.finish(context.runId);
        } finally {
          store.close();
        }
      },
    };
    return context;
  } catch (err) {
    store.close();
    throw err;
  }
}

/** Runs `use` with the config and the store (and what `how.check` returned), closing the store (and draining Langfuse) however it ends. */
export async function withStore<T, C = undefined>(
  flags: StoreFlags,
  how: StoreUse<C>,
  use: (context: CommandContext, checked: C) => Promise<T> | T,
): Promise<T> {
  const config = commandConfig(flags);
  const checked = (await how.check?.(config)) as C;
  const context = await openContext(flags, how, config);
  try {
    return await use(context, checked);
  } finally {
    await context.close();
  }
}
