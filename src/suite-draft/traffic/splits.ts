// How a draft's tasks are spread over the splits, and what each tool got in each. Deterministic: the same runs
// give the same splits, so a draft drafted again reads the same.
import { SPLITS, type Split } from '../../suite/schema.ts';
import { labelOf, type DraftTask } from './tasks.ts';

/**
 * The splits a tool's tasks take in turn, by the tool its first call went to, in the order the requests came:
 * train first, since a search learns a tool from its train tasks; then val, which chooses the search's winner, and
 * test, held out; then train again, because the sim proposer writes a "use it when" sentence only for a job two
 * train tasks or more ask for (docs/suites.md, "The suite check").
 */
export const SPLIT_TURNS: readonly Split[] = ['train', 'val', 'test', 'train'];

export interface SpreadTask extends DraftTask {
  split: Split;
  /** the earlier task with the same calls, which this one words differently (it went to the paraphrase split) */
  rewords?: string;
}

/**
 * Each task's split. A task whose calls, arguments included, repeat an earlier task's asks for the same thing in
 * other words (near-identical wordings were merged before): it goes to paraphrase, the split that asks whether an
 * improvement carries over to users who say it differently.
 */
export function spreadOverSplits(tasks: readonly DraftTask[]): SpreadTask[] {
  const firstWithCalls = new Map<string, string>();
  const turns = new Map<string, number>();
  return tasks.map((task) => {
    const earlier = firstWithCalls.get(task.signature);
    if (earlier !== undefined) return { ...task, split: 'paraphrase', rewords: earlier };
    firstWithCalls.set(task.signature, task.id);
    const tool = labelOf(task.calls[0]!);
    const turn = turns.get(tool) ?? 0;
    turns.set(tool, turn + 1);
    return { ...task, split: SPLIT_TURNS[turn % SPLIT_TURNS.length]! };
  });
}

export type SplitCounts = Record<Split, number>;

export interface ToolCounts {
  /** `server/tool` */
  tool: string;
  /** tasks whose plan calls the tool, per split */
  tasks: SplitCounts;
}

/**
 * Per tool, the tasks that call it in each split: every tool the tasks call, then the tools the servers list
 * that no task calls (all zeros), each group by name.
 */
export function countsPerTool(tasks: readonly SpreadTask[], listed: readonly string[] = []): ToolCounts[] {
  const counts = new Map<string, SplitCounts>();
  for (const task of tasks) {
    for (const tool of new Set(task.calls.map(labelOf))) {
      const row = counts.get(tool) ?? emptyCounts();
      row[task.split]++;
      counts.set(tool, row);
    }
  }
  const called = [...counts.keys()].sort();
  const uncalled = [...new Set(listed)].filter((tool) => !counts.has(tool)).sort();
  return [...called.map((tool) => ({ tool, tasks: counts.get(tool)! })), ...uncalled.map((tool) => ({ tool, tasks: emptyCounts() }))];
}

/** Per split, the tools with no task in it. */
export function toolsWithout(counts: readonly ToolCounts[]): Record<Split, string[]> {
  return Object.fromEntries(SPLITS.map((split) => [split, counts.filter((c) => c.tasks[split] === 0).map((c) => c.tool)])) as Record<Split, string[]>;
}

function emptyCounts(): SplitCounts {
  return Object.fromEntries(SPLITS.map((split) => [split, 0])) as SplitCounts;
}
