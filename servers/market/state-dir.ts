import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { StartupError } from '../common/startup-error.ts';

/**
 * The default folder of the sellers' negotiation files: one per user, created private (0700). A shared
 * temp folder lets another local user create it first and then read or rewrite the negotiations, so
 * a folder this user does not own, a link, or one others may write to is refused.
 */
export function privateStateDir(base = tmpdir()): string {
  const uid = process.getuid?.();
  const dir = join(base, `tdo-market-${uid ?? userInfo().username}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new StartupError(`cannot create the market state folder ${dir}: ${(error as Error).message}; pass --db FILE`);
  }
  // Without POSIX owners (Windows) there is nothing more to check here.
  if (uid === undefined) return dir;
  const stats = lstatSync(dir);
  const refuse = (why: string) =>
    new StartupError(
      `the market state folder ${dir} ${why}, so another user could read or rewrite the negotiations; remove it (it is recreated private), or pass --db FILE`,
    );
  if (!stats.isDirectory()) throw refuse('is not a folder (a link or a file)');
  if (stats.uid !== uid) throw refuse(`belongs to uid ${stats.uid}, not to you (uid ${uid})`);
  if ((stats.mode & 0o022) !== 0)
    throw refuse(`is writable by ${(stats.mode & 0o002) !== 0 ? 'everyone' : 'its group'} (mode ${(stats.mode & 0o777).toString(8)})`);
  return dir;
}
