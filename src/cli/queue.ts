import { EpisodeQueue } from '../run/queue/episode-queue.ts';
import { parseQueueAddress } from '../run/queue/queue-address.ts';

/** The episode queue a --queue flag names, connected; a bad URL or an unreachable Redis ends the command (exit 2). */
export async function openEpisodeQueue(url: string): Promise<EpisodeQueue> {
  return EpisodeQueue.open(parseQueueAddress(url));
}
