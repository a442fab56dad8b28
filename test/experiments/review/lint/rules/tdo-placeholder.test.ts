import { describe, expect, it } from 'vitest';
import { flagged, flagsOf } from '../../../../support/lint-flags.ts';

describe('tdo-placeholder', () => {
  it("flags tdo's own placeholders as errors, and reads no limit or purpose into their words", () => {
    const text = 'Read the entire task board. For example, {} returns (not executed: selection-only task).';
    expect(flagged(text, 'tdo-placeholder')).toEqual([['error', '(not executed: selection-only task)']]);
    // "not executed" is no statement of what the tool does not do
    expect(flagsOf('missing-not-for', 'read_board', text)).toEqual([null]);
    expect(flagged('Selection-only task: the episode ended at the first tool call, which was recorded and not executed.', 'tdo-placeholder')).toHaveLength(1);
  });
});
