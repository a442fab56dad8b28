import { describe, expect, it } from 'vitest';
import { balanceJson, renderBalance } from '../../../cli/format/suite-balance.ts';
import { balance } from '../../../src/suite-check/balance.ts';
import type { ToolSteps } from '../../../src/suite-check/suite-check.ts';

const steps = (name: string, train: number, test: number, paraphrase = 0): ToolSteps => ({
  name,
  server: 'inv',
  steps: { train, val: 1, test, paraphrase },
  simChosenRight: null,
});

describe('the balance as tdo suite check prints it', () => {
  it('says how many tasks to add where, grouping the tools that lack the same, the most lacking first', () => {
    const text = renderBalance(
      balance([steps('add_item', 5, 6), steps('list_items', 1, 6), steps('delete_item', 0, 6), steps('count_items', 1, 2), steps('move_item', 1, 6)], {
        train: 2,
        test: 6,
      }),
      'inv',
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe("balance of inv's tools (labelled steps per split):");
    expect(text).toContain(
      'train needs 2 or more per tool: the sim proposer writes a "use it when" sentence only from jobs that come up in 2 train tasks or more.',
    );
    expect(text).toContain("test needs 6 or more per tool for a change in one tool's steps to show");
    const advice = lines.filter((l) => l.startsWith('  Add '));
    expect(advice).toEqual([
      '  Add 1 train task and 4 test tasks for count_items.',
      '  Add 2 train tasks for delete_item.',
      '  Add 1 train task for each of list_items, move_item.',
    ]);
    expect(text).toContain('That is 9 tasks in all, fewer where one task asks for two of these tools.');
    expect(text).not.toContain('add_item');
  });

  it('says so when every tool has enough, and when no tool is asked for', () => {
    expect(renderBalance(balance([steps('add_item', 2, 6, 6)], { train: 2, test: 6, paraphrase: 6 }), undefined)).toContain(
      'Every tool the suite asks for has enough in train, test and paraphrase.',
    );
    expect(renderBalance(balance([], { train: 2 }), 'inv')).toBe('balance: no tool of inv has a labelled step, so there is nothing to balance.\n');
  });

  it('gives each tool its steps and what it lacks in --json', () => {
    expect(balanceJson(balance([steps('delete_item', 0, 1)], { train: 2, test: 6 }))).toEqual({
      minimum: { train: 2, test: 6 },
      tools: [{ name: 'delete_item', server: 'inv', labelled_steps: { train: 0, val: 1, test: 1, paraphrase: 0 }, to_add: { train: 2, test: 5 } }],
    });
  });
});
