import { describe, expect, it } from 'vitest';
import type { TaskResult } from '../../../../optimizer/engine/types.ts';
import { optimizeReportSchema } from '../../../../optimizer/search/report/optimize-report.ts';
import { wordingHalves } from '../../../../optimizer/search/report/wording-halves.ts';
import { INVENTORY_DESCRIPTIONS, inventoryTasks } from '../../../support/inventory-suite.ts';

const seed = INVENTORY_DESCRIPTIONS;
const tasks = inventoryTasks([
  ['close-1', 'test', 'Delete the item from the inventory', [['delete_item']]], // 1
  ['close-2', 'test', 'Add an item to the inventory for me', [['add_item']]], // 1
  ['mid', 'test', 'Delete the broken mug', [['delete_item']]], // 1/3
  ['far', 'test', 'Get rid of the broken mug I logged', [['delete_item']]], // 0
  ['other', 'test', 'Email Ann the list', [['mail/send_email']]], // not the server's
]);
const result = (taskId: string, success: number): TaskResult<unknown> => ({ taskId, score: success, metrics: { success }, trace: null });

describe('the test tasks split by how close their wording is to the seed descriptions', () => {
  it('splits at the median overlap, counting seed and best successes on each half, and leaves out tasks of no tool of the server', () => {
    const halves = wordingHalves(
      tasks,
      seed,
      'inv',
      {
        seed: ['close-1', 'close-2', 'mid', 'far', 'other'].map((id) => result(id, 0)),
        best: [result('close-1', 1), result('close-2', 1), result('mid', 0), result('far', 1), result('other', 1)],
      },
      (id) => id,
    )!;
    // overlaps 1, 1, 1/3, 0: the median is 2/3
    expect(halves.median).toBeCloseTo(2 / 3, 10);
    expect(halves.close).toEqual({ tasks: 2, episodes: 2, seedSuccesses: 0, bestSuccesses: 2 });
    expect(halves.far).toEqual({ tasks: 2, episodes: 2, seedSuccesses: 0, bestSuccesses: 1 });
    expect(halves.unmeasured).toBe(1);
    // the report keeps it
    expect(optimizeReportSchema.shape.wordingHalves.parse(halves)).toEqual(halves);
  });

  it("reads each agent's episode of a task as the task's", () => {
    const agents = (id: string, success: number) => [result(`${id}@a`, success), result(`${id}@b`, success)];
    const halves = wordingHalves(
      tasks.slice(0, 4),
      seed,
      'inv',
      { seed: ['close-1', 'close-2', 'mid', 'far'].flatMap((id) => agents(id, 1)), best: ['close-1', 'close-2', 'mid', 'far'].flatMap((id) => agents(id, 0)) },
      (id) => id.split('@')[0]!,
    )!;
    expect(halves.close).toEqual({ tasks: 2, episodes: 4, seedSuccesses: 4, bestSuccesses: 0 });
  });

  it('is null when no test task labels a tool of the server', () => {
    expect(wordingHalves(tasks.slice(4), seed, 'inv', { seed: [], best: [] }, (id) => id)).toBeNull();
  });
});
