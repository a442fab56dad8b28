import { describe, expect, it } from 'vitest';
import { Turns } from '../../../optimizer/engine/turns.ts';

describe('Turns', () => {
  it('runs steps in their order whatever order the tasks reach them in', async () => {
    const turns = new Turns(3);
    const done: number[] = [];
    const step = async (n: number) => {
      await turns.reach(n);
      done.push(n);
      turns.pass(n);
    };
    await Promise.all([step(2), step(0), step(1)]);
    expect(done).toEqual([0, 1, 2]);
  });

  it('lets later steps go once a task ends early and passes its steps without taking them', async () => {
    const turns = new Turns(4);
    const done: number[] = [];
    const third = (async () => {
      await turns.reach(3);
      done.push(3);
    })();
    turns.pass(1);
    turns.pass(2);
    await Promise.resolve();
    expect(done).toEqual([]); // step 0 has not passed yet
    turns.pass(0);
    await third;
    expect(done).toEqual([3]);
  });

  it('ignores a second pass of the same step', async () => {
    const turns = new Turns(2);
    turns.pass(0);
    turns.pass(0);
    await turns.reach(1);
    expect(true).toBe(true);
  });
});
