// A small suite of an inventory server and a mail server, its tasks one labelled step each, for the tests of the
// wording overlap (test/src/suite-check/wording.test.ts, test/optimizer/search/report/wording-halves.test.ts).
import { suiteSchema, type Task } from '../../src/suite/schema.ts';

/** The inventory server's seed descriptions, by tool. */
export const INVENTORY_DESCRIPTIONS = { delete_item: 'Delete an item from the inventory by its id.', add_item: 'Add a new item to the inventory.' };

/** A task given as its id, split, prompt and each step's labels; none for a task for LLM agents only, with no plan. */
export type InventoryTask = [id: string, split: string, prompt: string, labels?: string[][]];

export function inventoryTasks(tasks: readonly InventoryTask[]): Task[] {
  return suiteSchema.parse({
    name: 'inventory',
    systemPrompt: 'help',
    servers: [
      { name: 'inv', command: 'node' },
      { name: 'mail', command: 'node' },
    ],
    tasks: tasks.map(([id, split, prompt, labels]) => ({
      id,
      split,
      prompt,
      ...(labels === undefined ? {} : { plan: labels.map((tools) => ({ intent: 'do it', tools })) }),
      check: { kind: 'answer', expected: 'x' },
    })),
  }).tasks;
}
