import { describe, expect, it } from 'vitest';
import { flagged } from '../../../../support/lint-flags.ts';

describe('empty-example', () => {
  it('flags an example that shows no arguments', () => {
    expect(flagged('Read the entire task board. For example, {} returns the board.', 'empty-example')).toEqual([['warning', 'For example, {} returns']]);
    expect(flagged('List tables, e.g. [] gives every table.', 'empty-example')).toHaveLength(1);
    expect(flagged('Open nodes. For example, {"names":["Ada"]} returns Ada.', 'empty-example')).toEqual([]);
  });
});
