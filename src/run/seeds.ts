import { createHash } from 'node:crypto';

/** A per-episode seed that depends only on the run seed, task and repeat, never on scheduling order. */
export function episodeSeed(runSeed: number, taskId: string, repeat: number): number {
  return createHash('sha256').update(`${runSeed}\0${taskId}\0${repeat}`).digest().readUInt32BE(0);
}
