import { createHash } from 'node:crypto';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * The generator for one plan step of one episode: a function of (episode seed, step index) only,
 * so a step's draws do not depend on earlier steps, on other episodes, or on scheduling order.
 */
export function stepRng(episodeSeed: number, stepIndex: number): RandomGenerator {
  const stepSeed = createHash('sha256').update(`sim\0${episodeSeed}\0${stepIndex}`).digest().readInt32BE(0);
  return xoroshiro128plus(stepSeed);
}
