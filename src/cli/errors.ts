/** Bad flags, a broken suite file, an unreadable database: the user must fix the input (exit code 2). */
export class UsageError extends Error {}

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
