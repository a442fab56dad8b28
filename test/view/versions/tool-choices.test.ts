import { describe, expect, it } from 'vitest';
import { toolChoices } from '../../../view/versions/tool-choices.ts';

describe("a tool's own choosing", () => {
  const cells = [
    { labelled: 'add', chosen: 'add', decisions: 6 },
    { labelled: 'add', chosen: 'multiply', decisions: 3 },
    { labelled: 'add', chosen: null, decisions: 1 },
    { labelled: 'multiply', chosen: 'add', decisions: 2 },
    { labelled: 'multiply', chosen: 'multiply', decisions: 4 },
  ];

  it('counts precision over the decisions that chose it, recall over those labelled with it, and names the other choices', () => {
    const add = toolChoices(cells, 'add');
    expect([add.precision.successes, add.precision.n]).toEqual([6, 8]);
    expect([add.recall.successes, add.recall.n]).toEqual([6, 10]);
    expect(add.instead).toEqual([
      { chosen: 'multiply', decisions: 3 },
      { chosen: null, decisions: 1 },
    ]);
  });

  it('has no rate for a tool no decision chose or was labelled with', () => {
    const none = toolChoices(cells, 'divide');
    expect([none.precision.rate, none.recall.rate, none.instead]).toEqual([null, null, []]);
  });
});
