/**
 * What the user does about an error, which decides the exit code (cli/errors.ts maps kinds to codes):
 * - `input`: fix what was given (a flag, a suite or config file, a version id, a run to resume);
 * - `infrastructure`: something tdo depends on failed (an MCP server, the model endpoint, the queue, a
 *   file system); fix it or wait, then run again or resume;
 * - `interrupted`: stopped on request; resume later.
 */
export type ErrorKind = 'input' | 'infrastructure' | 'interrupted';

/**
 * The one error type tdo throws for what a user can act on; its message says what to fix. Any other
 * error reaching the CLI is a bug and is shown with its stack.
 */
export class TdoError extends Error {
  override name = 'TdoError';
  readonly see: SeeAlso | undefined;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options?: TdoErrorOptions,
  ) {
    super(message, options);
    this.see = options?.see;
  }
}

/**
 * The command that lists what the user could have given (`tdo versions`, `tdo traces list`), and the database
 * the error was met in. The CLI prints it after the message, with --db when that database is not its default,
 * which only the CLI knows: run as printed, the command then lists the same database.
 */
export interface SeeAlso {
  command: string;
  dbPath: string;
}

export interface TdoErrorOptions extends ErrorOptions {
  see?: SeeAlso;
}

export const inputError = (message: string, options?: TdoErrorOptions): TdoError => new TdoError('input', message, options);

export const infrastructureError = (message: string, options?: TdoErrorOptions): TdoError => new TdoError('infrastructure', message, options);

/** A description version the database at dbPath does not record, with the command that lists those it does. */
export const unknownVersionError = (ref: string, dbPath: string): TdoError =>
  inputError(`unknown description version "${ref}" in ${dbPath}`, { see: { command: 'tdo versions', dbPath } });

/** Whether an error is a TdoError, and of this kind when one is given. */
export function isTdoError(error: unknown, kind?: ErrorKind): error is TdoError {
  return error instanceof TdoError && (kind === undefined || error.kind === kind);
}
