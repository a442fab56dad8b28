import { describe, expect, it } from 'vitest';
import { KeyedQueue, QueueFullError } from '../../../src/gateway/queue.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('KeyedQueue', () => {
  it('runs one step of a key at a time, in arrival order, and refuses beyond its bound', async () => {
    const queue = new KeyedQueue('the test', 2, 3);
    const order: string[] = [];
    const first = gate();
    const a = queue.run('k', async () => {
      order.push('a');
      await first.opened;
      return 'A';
    });
    const b = queue.run('k', async () => (order.push('b'), 'B'));
    const refused = queue.run('k', async () => 'C');
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 3 });
    // another key has a queue of its own
    await expect(queue.run('other', async () => 'D')).resolves.toBe('D');
    expect(order).toEqual(['a']);
    first.open();
    expect(await Promise.all([a, b])).toEqual(['A', 'B']);
    expect(order).toEqual(['a', 'b']);
  });

  it("passes a step's error to its caller and goes on with the next", async () => {
    const queue = new KeyedQueue('the test', 5, 1);
    const failed = queue.run('k', async () => {
      throw new Error('store down');
    });
    const next = queue.run('k', async () => 'ok');
    await expect(failed).rejects.toThrow('store down');
    await expect(next).resolves.toBe('ok');
  });
});
