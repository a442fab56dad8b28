import { describe, expect, it } from 'vitest';
import { INVENTORY_DESCRIPTIONS, inventoryTasks } from '../../support/inventory-suite.ts';
import { CLOSE_WORDING, taskOverlap, wordingOverlap, type DescribedTool } from '../../../src/suite-check/wording.ts';

const tools: DescribedTool[] = [
  ...Object.entries(INVENTORY_DESCRIPTIONS).map(([tool, description]) => ({ server: 'inv', tool, description })),
  { server: 'mail', tool: 'send_email', description: 'Send an email message to a recipient.' },
];
const suite = {
  tasks: inventoryTasks([
    ['t-repeat', 'train', 'Delete the item from the inventory by id', [['delete_item']]],
    ['t-own', 'train', 'Get rid of the broken mug I logged', [['inv/delete_item']]],
    ['v-two', 'val', 'Add a lamp to the inventory and email Ann', [['add_item'], ['mail/send_email']]],
    ['x-half', 'test', 'Delete the mug record', [['delete_item']]],
    ['x-none', 'test', "What's 15% of 240?", [['delete_item']]],
    ['llm-only', 'test', 'Delete the item from the inventory'],
  ]),
};
const byId = (id: string) => suite.tasks.find((t) => t.id === id)!;

describe('the wording overlap of a suite', () => {
  it('measures a task against the descriptions of every tool its plan labels, by either form of label', () => {
    expect(taskOverlap(byId('t-repeat'), tools)).toBe(1);
    expect(taskOverlap(byId('t-own'), tools)).toBe(0);
    // add, lamp, inventori, email, ann: add, inventori (add_item) and email (send_email) are held
    expect(taskOverlap(byId('v-two'), tools)).toBeCloseTo(3 / 5, 10);
    // a label of another server's tool is not this one's
    expect(taskOverlap(byId('v-two'), tools.slice(0, 2))).toBeCloseTo(2 / 5, 10);
  });

  it('leaves out tasks with no plan, no labelled tool among the described ones or no content word', () => {
    expect(taskOverlap(byId('llm-only'), tools)).toBeNull();
    expect(taskOverlap(byId('x-none'), tools)).toBeNull();
    expect(taskOverlap(byId('t-repeat'), tools.slice(2))).toBeNull();
  });

  it('gives each split its mean and its tasks at or above the threshold, and names the closest tasks', () => {
    const w = wordingOverlap(suite.tasks, tools);
    expect(w.threshold).toBe(CLOSE_WORDING);
    expect(w.splits.train).toEqual({ tasks: 2, mean: 0.5, close: 1 });
    expect(w.splits.val.close).toBe(1);
    // delete, mug, record: delete is held
    expect(w.splits.test.tasks).toBe(1);
    expect(w.splits.test.mean).toBeCloseTo(1 / 3, 10);
    expect(w.splits.test.close).toBe(0);
    expect(w.splits.paraphrase).toEqual({ tasks: 0, mean: null, close: 0 });
    expect(w.closest.map((t) => t.taskId)).toEqual(['t-repeat', 'v-two', 'x-half']);
  });

  it('names no task that shares no word', () => {
    const w = wordingOverlap([byId('t-own')], tools);
    expect(w.closest).toEqual([]);
    expect(w.splits.train).toEqual({ tasks: 1, mean: 0, close: 0 });
  });
});
