import { describe, expect, it } from 'vitest';
import { differenceInterval, wilson } from '../../../src/measure/proportion.ts';
import { balance, heldOutStepsToShowChange, lacking } from '../../../src/suite-check/balance.ts';
import type { ToolSteps } from '../../../src/suite-check/suite-check.ts';

const steps = (name: string, train: number, val: number, test: number, paraphrase = 0): ToolSteps => ({
  name,
  server: 'inv',
  steps: { train, val, test, paraphrase },
  simChosenRight: null,
});

describe('the held-out steps a tool needs for its change to show', () => {
  it('is the fewest steps whose rise from 50% to all succeeding has a 95% interval above zero', () => {
    const n = heldOutStepsToShowChange();
    expect(n).toBe(6);
    // with whole counts, where they exist: 3 of 6 to 6 of 6 shows, 2 of 4 to 4 of 4 does not
    expect(differenceInterval(wilson(3, 6), wilson(6, 6)).low).toBeGreaterThan(0);
    expect(differenceInterval(wilson(2, 4), wilson(4, 4)).low).toBeLessThan(0);
  });

  it('needs fewer from a lower baseline, where the same full rise is larger', () => {
    expect(heldOutStepsToShowChange(0)).toBeLessThan(heldOutStepsToShowChange(0.5));
  });
});

describe('the balance of a suite’s tools', () => {
  const tools = [steps('add_item', 3, 2, 6, 7), steps('delete_item', 0, 1, 1), steps('count_items', 1, 0, 6), steps('unused', 0, 0, 0)];

  it('says what each asked-for tool lacks in each split with a minimum, and leaves out the tools never asked for', () => {
    const b = balance(tools, { train: 2, test: 6 });
    expect(b.tools.map((t) => [t.name, t.toAdd])).toEqual([
      ['add_item', { train: 0, test: 0 }],
      ['delete_item', { train: 2, test: 5 }],
      ['count_items', { train: 1, test: 0 }],
    ]);
    expect(b.tools.filter(lacking).map((t) => t.name)).toEqual(['delete_item', 'count_items']);
  });

  it('holds a split to a minimum only when it is given one', () => {
    const b = balance(tools, { train: 2, test: 6, paraphrase: 6 });
    expect(b.tools.find((t) => t.name === 'add_item')!.toAdd).toEqual({ train: 0, test: 0, paraphrase: 0 });
    expect(b.tools.find((t) => t.name === 'count_items')!.toAdd.paraphrase).toBe(6);
  });
});
