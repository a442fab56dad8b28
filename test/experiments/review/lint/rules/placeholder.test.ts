import { describe, expect, it } from 'vitest';
import { lintGate } from '../../../../../experiments/review/lint/gate.ts';
import { flagged, flagsOf } from '../../../../support/lint-flags.ts';

const placeholders = (text: string) => flagsOf('placeholder', 't', text);

describe('placeholder', () => {
  it('flags placeholder text left in a description, as a warning', () => {
    expect(flagged('TODO', 'placeholder')).toEqual([['warning', 'TODO']]);
    expect(placeholders('TODO: describe this tool.')).toEqual(['TODO']);
    expect(placeholders('Reads a file. Limits: TBD.')).toEqual(['TBD']);
    expect(placeholders('Reads a file (FIXME).')).toEqual(['FIXME']);
    expect(placeholders('XXX')).toEqual(['XXX']);
    expect(placeholders('Lorem ipsum dolor sit amet.')).toEqual(['Lorem ipsum']);
    expect(placeholders('Tool description goes here.')).toEqual(['description goes here']);
    expect(placeholders('Reads a file. Add description.')).toEqual(['Add description.']);
    expect(placeholders('[Add a description here]')).toEqual(['[Add a description here]']);
  });

  it('leaves the same words alone where they mean something', () => {
    for (const text of [
      'Manages a TODO list: add, remove and view your TODOs.',
      'Adds an item to the todo list.',
      'Returns the release date, or "TBD" when none is set.',
      'Looks up a phone number written as XXX-XXX-XXXX.',
      'Sets the size, such as XXXL.',
      'Add a description to an issue. It does not close it.',
      'Fixes the description of a pull request.',
    ]) {
      expect(placeholders(text), text).toEqual([]);
    }
  });

  it('is a rule the gate refuses a child for', () => {
    const parent = { read_file: 'Reads a text file. Use it for notes. It does not write files.' };
    expect(lintGate(parent, { read_file: `${parent.read_file} TODO` }, { toolResults: [] })).toEqual({ rule: 'placeholder' });
  });
});
