import type { Rng } from './rng.ts';

/** Which unit an id is drawn in: ids of one unit always go into a minibatch together. */
export type UnitOf = (id: string) => string;

/** Every id its own unit: the default, where the ids are tasks. */
const alone: UnitOf = (id) => id;

/** The ids of each unit, units in the order they first appear. */
function unitsOf(ids: readonly string[], unitOf: UnitOf): string[][] {
  const units = new Map<string, string[]>();
  for (const id of ids) {
    const key = unitOf(id);
    units.set(key, [...(units.get(key) ?? []), id]);
  }
  return [...units.values()];
}

/** The most ids one minibatch can hold: its `size` largest units. */
export function largestBatch(ids: readonly string[], size: number, unitOf: UnitOf = alone): number {
  const sizes = unitsOf(ids, unitOf)
    .map((u) => u.length)
    .sort((a, b) => b - a);
  return sizes.slice(0, size).reduce((n, k) => n + k, 0);
}

/**
 * Train minibatches by epochs: the units (tasks, by default) are shuffled once per epoch and dealt out in
 * order, so every unit is seen once per epoch. A batch that would run past the end starts the next epoch
 * instead. `size` counts units: with (task, agent) pairs grouped by task, a batch holds every agent's pair.
 */
export class EpochSampler {
  private readonly units: string[][];
  private order: string[][] = [];
  private position = 0;

  constructor(
    taskIds: readonly string[],
    private readonly size: number,
    private readonly rng: Rng,
    unitOf: UnitOf = alone,
  ) {
    if (taskIds.length === 0) throw new Error('no training tasks to draw minibatches from');
    if (!Number.isInteger(size) || size < 1) throw new Error(`minibatch size must be a positive integer, got ${size}`);
    this.units = unitsOf(taskIds, unitOf);
  }

  next(): string[] {
    const size = Math.min(this.size, this.units.length);
    if (this.position + size > this.order.length) {
      this.order = this.rng.shuffle(this.units);
      this.position = 0;
    }
    const batch = this.order.slice(this.position, this.position + size).flat();
    this.position += size;
    return batch;
  }
}
