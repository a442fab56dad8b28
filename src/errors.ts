/**
 * What the user does about an error, which decides the exit code (src/cli/errors.ts maps kinds to codes):
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

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const inputError = (message: string, options?: ErrorOptions): TdoError => new TdoError('input', message, options);

export const infrastructureError = (message: string, options?: ErrorOptions): TdoError => new TdoError('infrastructure', message, options);

/** Whether an error is a TdoError, and of this kind when one is given. */
export function isTdoError(error: unknown, kind?: ErrorKind): error is TdoError {
  return error instanceof TdoError && (kind === undefined || error.kind === kind);
}
