import { describe, expect, it } from 'vitest';
import { addAccepted } from '../../../../../optimizer/proposers/sim/operators/add-accepted.ts';
import { call, record } from '../../records.ts';
import { apply, erred } from './apply-operator.ts';

describe('add-accepted', () => {
  it("states an enumeration of valid values in prose, under the error's own label", () => {
    const views = [erred("Unknown unit 'x'. Supported time units: ms, s, min, h, day, week.")];
    expect(apply(addAccepted, 'Convert a value.', views)?.text).toBe('Convert a value. Supported time units: ms, s, min, h, day and week.');
  });

  it('takes no file listing, no prose, nothing of other tools or of results', () => {
    for (const views of [
      [erred("File 'x' not found. Files in the workspace: road-trip-log.txt, notes.txt, reading-list.txt.")],
      [erred('Invalid input: expected number, received undefined')],
      [record({ calls: [call({ output: 'Supported: a, b, c, d.' })] })],
      [erred('Supported: a1, b2, c3, d4.', { component: false })],
    ]) {
      expect(apply(addAccepted, 'Convert a value.', views)).toBeUndefined();
    }
  });
});
