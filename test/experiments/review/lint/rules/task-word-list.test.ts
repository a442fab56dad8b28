import { describe, expect, it } from 'vitest';
import { lintDescription } from '../../../../../experiments/review/lint/lint.ts';
import { flagsOf } from '../../../../support/lint-flags.ts';

describe('task-word-list', () => {
  it.each([
    [
      'read_file',
      "Read a text file inside the server's working directory. Use it for: look, road, trip, log, pull, grandma, pancake, recipe.",
      'Use it for: look, road, trip, log, pull, grandma, pancake, recipe',
    ],
    ['read_file', 'Reads a text file. Use it for: priya, timesheet', 'Use it for: priya, timesheet'],
    ['unit_convert', 'Convert a value from one unit to another. Not for: express, amount, eur.', 'Not for: express, amount, eur'],
    ['unit_convert', 'Convert a value from one unit to another. Use it for: change, kilos, grams.', 'Use it for: change, kilos, grams'],
    [
      'read_file',
      'Reads a text file. Accepts: flight, itinerary, txt, garden, plan, household, budget, invoice, lab, inventory.',
      'Accepts: flight, itinerary, txt, garden, plan, household, budget, invoice, lab, inventory',
    ],
    ['read_file', 'Reads a text file. Keywords: grandma, pancake, recipe.', 'Keywords: grandma, pancake, recipe'],
    ['read_file', 'Reads a text file. look, road, trip, pancake.', 'look, road, trip, pancake'],
  ])('flags a list of words taken from requests (%s: %s)', (tool, text, phrase) => {
    const flags = lintDescription(tool, text).filter((f) => f.rule === 'task-word-list');
    expect(flags.map((f) => f.phrase)).toEqual([phrase]);
    expect(flags[0]!.severity).toBe('warning');
    expect(flags[0]!.message).toMatch(/^a bare list of \d+ words taken from requests \(/);
    expect(flags[0]!.message).toContain(
      phrase
        .replace(/^[^:]*: /, '')
        .split(', ')
        .slice(0, 5)
        .join(', '),
    );
  });

  it.each([
    // the hand-written enumerations: units with their names, prose with "or"/"and", phrases
    [
      'unit_convert',
      'Converts units. Length: mm (millimetres), cm (centimetres), m (metres, meters), km (kilometres, kilometers). Time: ms, s (seconds), min (minutes), h (hours), day, week.',
    ],
    ['calculator', 'Evaluates arithmetic. Use it for everyday math: add, subtract, multiply or divide; sum or total a list of amounts, prices or expenses.'],
    [
      'open_negotiation',
      'Start a negotiation for any item in any quantity: lumber, boards, hardware, fasteners, paint, finishes, lighting and electrical supplies, all in stock.',
    ],
    // values a tool takes: codes, and plural nouns naming kinds
    ['unit_convert', 'Converts units. Accepts: mm, cm, m, km, in, ft, yd, mi, kg, lb.'],
    ['convert_currency', 'Converts money between currencies. Supports: usd, eur, gbp, jpy.'],
    ['upload', 'Uploads a file. Accepts: images, videos, documents.'],
    // a category's values under its own label
    ['search_movies', 'Finds movies by genre. Genres: action, comedy, drama, horror.'],
    // one word is not a list; use-for guidance in prose is what the lint asks for
    ['read_file', 'Reads a text file. Use it for: notes.'],
    ['read_file', 'Reads a text file. Use it for notes, logs and recipes.'],
  ])('leaves descriptions of kinds alone (%s)', (tool, text) => {
    expect(flagsOf('task-word-list', tool, text)).toEqual([]);
  });
});
