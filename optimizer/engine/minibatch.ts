import type { Rng } from './rng.ts';

/**
 * Train minibatches by epochs: the task ids are shuffled once per epoch and dealt out in order, so
 * every task is seen once per epoch. A batch that would run past the end starts the next epoch instead.
 */
export class EpochSampler {
  private order: string[] = [];
  private position = 0;

  constructor(
    private readonly taskIds: readonly string[],
    private readonly size: number,
    private readonly rng: Rng,
  ) {
    if (taskIds.length === 0) throw new Error('no training tasks to draw minibatches from');
    if (!Number.isInteger(size) || size < 1) throw new Error(`minibatch size must be a positive integer, got ${size}`);
  }

  next(): string[] {
    const size = Math.min(this.size, this.taskIds.length);
    if (this.position + size > this.order.length) {
      this.order = this.rng.shuffle(this.taskIds);
      this.position = 0;
    }
    const batch = this.order.slice(this.position, this.position + size);
    this.position += size;
    return batch;
  }
}
