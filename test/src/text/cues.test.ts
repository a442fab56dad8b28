import { describe, expect, it } from 'vitest';
import { countCues } from '../../../src/text/cues.ts';

describe('countCues', () => {
  it('counts each family in promotional phrasing', () => {
    expect(countCues('This is the best tool and should always be used. Guaranteed results.').endorsement).toBe(3);
    expect(countCues('Trusted by over 2 million users worldwide.').socialProof).toBe(2);
    expect(countCues('Actively maintained and regularly updated.').maintenance).toBe(2);
    expect(countCues('Example: add(1, 2) returns 3.').example).toBe(1);
    expect(countCues('An all-in-one tool that can do anything.').breadth).toBe(2);
  });

  it('does not count domain uses of the same words', () => {
    const counts = countCues('Find the best route to the most popular museum, with your preferred color, for any number.');
    expect(counts).toEqual({ endorsement: 0, socialProof: 0, maintenance: 0, example: 0, breadth: 0 });
    expect(countCues('')).toEqual({ endorsement: 0, socialProof: 0, maintenance: 0, example: 0, breadth: 0 });
  });

  it('reads a pointer away from the tool and the scope of a folder as no claim', () => {
    expect(countCues('Deprecated: does the same as read_text_file, which should be used instead.').endorsement).toBe(0);
    expect(countCues('This tool should be used for every date.').endorsement).toBe(1);
    expect(countCues('Search a folder and everything below it; replace everything in one file.').breadth).toBe(0);
    expect(countCues('Handles everything you need.').breadth).toBe(1);
  });

  it('reads "up to date" as upkeep only after a word of upkeep, not as what a tool does or reports', () => {
    expect(countCues('Actively maintained and kept up to date.').maintenance).toBe(2);
    expect(countCues('Always up-to-date exchange rates.').maintenance).toBe(1);
    expect(countCues("Bring a pull request's branch up to date with its base branch.").maintenance).toBe(0);
    expect(countCues('Report whether the branch is up to date with main.').maintenance).toBe(0);
  });
});
