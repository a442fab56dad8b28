/**
 * A problem with how a server was started (flags, descriptions file, workspace).
 * The entry point prints its message alone, without a stack, and exits non-zero.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
