import { EpisodeQueue, QueueUnreachableError } from '../run/queue/episode-queue.ts';
import { parseQueueAddress, QueueAddressError } from '../run/queue/queue-address.ts';
import { UsageError } from './errors.ts';

/** The episode queue a --queue flag names, connected; a bad URL or an unreachable Redis is the user's to fix (exit 2). */
export async function openEpisodeQueue(url: string): Promise<EpisodeQueue> {
  try {
    return await EpisodeQueue.open(parseQueueAddress(url));
  } catch (err) {
    if (err instanceof QueueAddressError || err instanceof QueueUnreachableError) throw new UsageError(err.message);
    throw err;
  }
}
