/** Spawned servers get the parent's environment (minus undefined values) so PATH, keys and TDO_* reach them. */
export function inheritedEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
}
