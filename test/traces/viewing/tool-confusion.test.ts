// The sim's decisions as the tool confusion counts them: once each, under the labelled tool chosen when the step
// accepts several, else under the step's first label.
import { describe, expect, it } from 'vitest';
import { handRun } from '../../support/hand-recorded.ts';
import { tempStore } from '../../support/lab-runs.ts';

const entry = (label: string, name: string | null) => ({ label, name, rank: name === null ? null : 1, score: null, parts: null });

describe("the sim's tool confusion", () => {
  it('counts each decision once, under the labelled tool it chose or else its first', () => {
    const store = tempStore();
    const runId = handRun(store);
    const { id } = store.startEpisode({ runId, taskId: 'read', split: 'val', repeat: 0, seed: 1 });
    const decide = (chosen: string | null, labelled: ReturnType<typeof entry>[]) =>
      store.addModelStep(id, { model: 'sim', input: {}, output: { chosen, labelled }, latencyMs: 1 });
    // a step that accepts either reader, twice served by the second
    decide('read_text_file', [entry('read_file', 'read_file'), entry('read_text_file', 'read_text_file')]);
    decide('read_text_file', [entry('read_file', 'read_file'), entry('read_text_file', 'read_text_file')]);
    // the same step served by neither, and a step whose only label no loaded tool matched
    decide('write_file', [entry('read_file', 'read_file'), entry('read_text_file', 'read_text_file')]);
    decide(null, [entry('fs/list_directory', null)]);
    // a decision with no plan step behind it is none of the matrix's
    decide('write_file', []);
    expect(store.toolConfusion(runId)).toEqual([
      { labelled: 'fs/list_directory', chosen: null, decisions: 1 },
      { labelled: 'read_file', chosen: 'write_file', decisions: 1 },
      { labelled: 'read_text_file', chosen: 'read_text_file', decisions: 2 },
    ]);
    store.close();
  });
});
