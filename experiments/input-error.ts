/** Input a user must fix (an unknown version, a malformed file, a suite that cannot run a version): exit code 2. */
export class InputError extends Error {}
