import { EpisodeQueue } from '../src/run/queue/index.ts';
import { parseQueueAddress } from '../src/index.ts';

/**
 * The episode queue a --queue flag names, connected; a bad URL or an unreachable Redis ends the command (exit 2 for the URL, 3 for Redis).
 * While no worker takes its episodes it says so on stderr, with the command that starts one.
 */
export async function openEpisodeQueue(url: string): Promise<EpisodeQueue> {
  return EpisodeQueue.open(parseQueueAddress(url), { onNotice: (text) => process.stderr.write(`\ntdo: ${text}\n`) });
}

/**
 * Refuses a --queue that is not a Redis URL or whose Redis does not answer (exit 2 for the URL, 3 for Redis) before a command opens its
 * store, so the refusal leaves no new database; the command connects again when it runs its episodes.
 */
export async function checkQueue(url: string | undefined): Promise<void> {
  if (url !== undefined) await (await openEpisodeQueue(url)).close();
}
