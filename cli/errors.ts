import { CommanderError } from 'commander';
import { TdoError, type ErrorKind, type SeeAlso } from '../src/index.ts';
import { dbFlag } from './database-path.ts';
import { terminalSafe } from '../src/index.ts';

/** Every exit code of `tdo`, in one place. */
export const EXIT = {
  ok: 0,
  /** a result the user asked to be told about: a regression, lint problems; or a bug */
  failure: 1,
  /** what the user gave must change: a flag, a file, a version, a run to resume */
  input: 2,
  /** what tdo depends on failed (an MCP server, the model endpoint, the queue, Langfuse): fix it or wait, then resume */
  outage: 3,
  /** stopped by Ctrl-C or SIGTERM; resume later (128 + SIGINT) */
  interrupted: 130,
} as const;

const EXIT_BY_KIND: Record<ErrorKind, number> = { input: EXIT.input, infrastructure: EXIT.outage, interrupted: EXIT.interrupted };

/**
 * The kind of an error that reached the CLI. The trace store's own error (traces/ imports nothing of
 * ours) is a file the user must fix or move: a read-only or full disk, another process holding the run.
 * The store loads only when needed here, so `tdo serve` starts fast.
 */
export async function errorKind(err: unknown): Promise<ErrorKind | undefined> {
  if (err instanceof TdoError) return err.kind;
  const { TraceStoreError } = await import('../traces/index.ts');
  return err instanceof TraceStoreError ? 'input' : undefined;
}

/**
 * What a command that threw prints on stderr and exits with. A known error prints its message, which
 * says what to fix; anything else is a bug and prints its stack (exit 1). Commander has printed its own
 * message already (help and --version exit 0).
 */
export async function reportFailure(err: unknown): Promise<{ exitCode: number; message?: string }> {
  if (err instanceof CommanderError) return { exitCode: err.exitCode === 0 ? EXIT.ok : EXIT.input };
  const kind = await errorKind(err);
  if (kind !== undefined) {
    const see = seeAlso(err);
    const hint = see === undefined ? '' : ` (see \`${see.command}${dbFlag(see.dbPath)}\`)`;
    // a message may quote a server (a tool's name, its stderr): printed safe, as every terminal text is
    return { exitCode: EXIT_BY_KIND[kind], message: `tdo: ${terminalSafe((err as Error).message)}${hint}\n` };
  }
  return { exitCode: EXIT.failure, message: `tdo: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n` };
}

/** The first command to see along the error's causes: a wrapper that adds context keeps its cause's. */
function seeAlso(err: unknown): SeeAlso | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e instanceof TdoError && e.see !== undefined) return e.see;
  return undefined;
}
