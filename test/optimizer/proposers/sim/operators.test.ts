import { describe, expect, it } from 'vitest';
import { countCues } from '../../../../src/agents/sim/cues.ts';
import { Rng } from '../../../../optimizer/engine/rng.ts';
import type { EpisodeView } from '../../../../optimizer/mcp/reflection.ts';
import {
  addAccepted,
  addClaim,
  addNotFor,
  addUseFor,
  dropWord,
  EDIT_OPERATORS,
  moveToNotFor,
  newWords,
  pruneUseFor,
  removeClaim,
  rewriteUseFor,
  shorten,
  type EditOperator,
} from '../../../../optimizer/proposers/sim/operators.ts';
import { call, CONVERT_STEP, READ_STEP, record } from '../records.ts';

const rng = () => new Rng(1);
const apply = (operator: EditOperator, text: string, views: EpisodeView[], seed = 1) => operator.apply({ text, views, rng: new Rng(seed) });
/** What an operator does over many seeds: the changes it made ('' when it had no material). */
const changes = (operator: EditOperator, text: string, views: EpisodeView[], seeds = 40) =>
  Array.from({ length: seeds }, (_, seed) => apply(operator, text, views, seed)?.change ?? '');

describe('add-use-for', () => {
  it('lists new words of the steps of missed tasks, skipping ones the text has', () => {
    expect(apply(addUseFor, 'Convert a value.', [record()])?.text).toBe('Convert a value. Use it for: grams, ounces.');
    expect(newWords('convert the ounces', 'Converts ounces.')).toEqual([]);
    expect(apply(addUseFor, 'Convert a value. Use it for: grams, ounces.', [record()])).toBeUndefined();
  });

  it('extends an existing list in place instead of starting a second one', () => {
    const edit = apply(addUseFor, 'Convert a value. Use it for: kilos. Fast.', [record()]);
    expect(edit?.text).toBe('Convert a value. Use it for: kilos, grams, ounces. Fast.');
  });

  it('draws from every step of a missed task, including steps the labels give to other tools', () => {
    const made = changes(addUseFor, 'Convert a value.', [record({ steps: [READ_STEP, CONVERT_STEP] })]);
    expect(made.filter((e) => /road|trip|log/.test(e)).length).toBeGreaterThan(0);
    expect(made.filter((e) => !/road|trip|log/.test(e)).length).toBeGreaterThan(0);
  });

  it('draws nothing from a task the tool was chosen for throughout, whatever its labels', () => {
    // Not missed (read off the calls), even though it failed and the labels give it a step.
    const chosen = record({ steps: [READ_STEP, CONVERT_STEP], missed: false });
    for (let seed = 0; seed < 10; seed++) expect(apply(addUseFor, 'Convert a value.', [chosen], seed)).toBeUndefined();
  });
});

describe('add-not-for', () => {
  it('names a step the tool is not correct for, from a failed task in which it was called', () => {
    const failed = record({ usedComponent: true, steps: [{ ...READ_STEP, intent: 'read the road trip log' }] });
    expect(apply(addNotFor, 'Convert a value.', [failed])?.text).toBe('Convert a value. Not for: read, road, trip, log.');
    expect(apply(addNotFor, 'Convert a value.', [record()])).toBeUndefined();
    expect(apply(addNotFor, 'Convert a value.', [record({ ...failed, success: true })])).toBeUndefined();
  });
});

describe('claims and shortening', () => {
  it('add-claim adds an assertive cue, remove-claim takes one out, shorten drops a sentence', () => {
    const claimed = addClaim.apply({ text: 'Convert a value.', views: [], rng: rng() })!.text;
    const cues = countCues(claimed);
    expect(cues.endorsement + cues.socialProof + cues.maintenance).toBeGreaterThan(0);
    expect(removeClaim.apply({ text: claimed, views: [], rng: rng() })?.text).toBe('Convert a value.');
    expect(shorten.apply({ text: 'One. Two. Three.', views: [], rng: rng() })?.text.split('. ')).toHaveLength(2);
    expect(shorten.apply({ text: 'One.', views: [], rng: rng() })).toBeUndefined();
  });
});

describe('rewrite-use-for', () => {
  const views = [record({ steps: [READ_STEP, CONVERT_STEP], missed: false })];

  it('replaces the list with the tool\'s own step words, dropping words tied only to other tools\' steps', () => {
    const edit = apply(rewriteUseFor, 'Convert a value. Use it for: road, kilos, trip. Fast.', views);
    expect(edit?.text).toBe('Convert a value. Use it for: kilos, grams, ounces. Fast.');
    expect(edit?.change).toContain('was: road, kilos, trip');
  });

  it('keeps a word that the tool\'s own steps share with another tool\'s', () => {
    const shared = [record({ steps: [{ ...READ_STEP, intent: 'read the grams log' }, CONVERT_STEP] })];
    expect(apply(rewriteUseFor, 'Convert a value. Use it for: grams, log.', shared)?.text).toBe('Convert a value. Use it for: grams, ounces.');
  });

  it('has nothing to do when the list already is the rewrite', () => {
    expect(apply(rewriteUseFor, 'Convert a value. Use it for: grams, ounces.', views)).toBeUndefined();
    expect(apply(rewriteUseFor, 'Convert a value.', [])).toBeUndefined();
  });
});

describe('prune-use-for and move-to-not-for', () => {
  const views = [record({ steps: [READ_STEP, CONVERT_STEP] })];

  it('prune-use-for removes every listed word tied only to other tools\' steps, and the list when it empties', () => {
    expect(apply(pruneUseFor, 'Convert a value. Use it for: road, grams, log.', views)?.text).toBe('Convert a value. Use it for: grams.');
    expect(apply(pruneUseFor, 'Convert a value. Use it for: road, log. Fast.', views)?.text).toBe('Convert a value. Fast.');
    expect(apply(pruneUseFor, 'Convert a value. Use it for: grams, kilos.', views)).toBeUndefined();
    // The not-for list and the first sentence are not use-for words.
    expect(apply(pruneUseFor, 'Convert a road value. Not for: road.', views)).toBeUndefined();
  });

  it('move-to-not-for moves one such word into the not-for list', () => {
    const edit = apply(moveToNotFor, 'Convert a value. Use it for: road, grams. Not for: pdf.', views);
    expect(edit?.text).toBe('Convert a value. Use it for: grams. Not for: pdf, road.');
    const moved = changes(moveToNotFor, 'Convert a value. Use it for: road, log.', views);
    expect(new Set(moved)).toEqual(new Set(['road: Use it for -> Not for', 'log: Use it for -> Not for']));
    expect(apply(moveToNotFor, 'Convert a value. Use it for: grams.', views)).toBeUndefined();
  });
});

describe('add-accepted', () => {
  const erred = (output: string, overrides = {}) => record({ calls: [call({ output, isError: true, ...overrides })], usedComponent: true });

  it('lists the values an error of this tool enumerates', () => {
    const views = [erred("Unknown unit 'x'. Supported time units: ms, s, min, h, day, week.")];
    expect(apply(addAccepted, 'Convert a value.', views)?.text).toBe('Convert a value. Accepts: ms, min, day, week.');
  });

  it('reads an enumeration cut short by the dataset cap, and file names as their words', () => {
    const views = [erred("File 'x' not found. Files in the workspace: road-trip-log.txt, notes.txt, reading-list.txt, sal... [truncated]")];
    // "reading" is "read" to the agent, already in the text; "sal" was cut from a longer name.
    expect(apply(addAccepted, 'Read a file.', views)?.text).toBe('Read a file. Accepts: road, trip, log, txt, notes, list.');
  });

  it('ignores prose, results, and errors of other tools', () => {
    for (const views of [
      [erred('Invalid input: expected number, received undefined')],
      [erred('It cannot read files, call functions or use names; to read a file use a file tool, then put the numbers in.')],
      [record({ calls: [call({ output: 'Supported: a, b, c, d.' })] })],
      [erred('Supported: a1, b2, c3, d4.', { component: false })],
    ]) {
      expect(apply(addAccepted, 'Convert a value.', views)).toBeUndefined();
    }
  });
});

describe('drop-word', () => {
  it('drops one word of one list, and the sentence with its last word', () => {
    const made = changes(dropWord, 'Convert. Use it for: grams, ounces. Not for: pdf.', []);
    expect(new Set(made)).toEqual(new Set(['Use it for - grams', 'Use it for - ounces', 'Not for - pdf']));
    expect(apply(dropWord, 'Convert. Not for: pdf. Fast.', [])?.text).toBe('Convert. Fast.');
    expect(apply(dropWord, 'Convert. Fast.', [])).toBeUndefined();
  });
});

describe('the operator set', () => {
  it('has unique names and covers every edit kind of DESIGN.md section 6', () => {
    expect(new Set(EDIT_OPERATORS.map((o) => o.name)).size).toBe(EDIT_OPERATORS.length);
    expect(new Set(EDIT_OPERATORS.map((o) => o.kind))).toEqual(new Set(['use-for', 'not-for', 'add-claim', 'remove-claim', 'example', 'tighten']));
  });
});
