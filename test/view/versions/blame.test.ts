// A description's sentences, as the blame page splits them.
import { describe, expect, it } from 'vitest';
import { sentencesOf } from '../../../view/versions/blame.ts';

describe('sentencesOf', () => {
  it('splits after . ! or ? followed by a space, keeping abbreviations inside a number or a path', () => {
    expect(sentencesOf('Evaluate \'3 * (4 + 5)\'. Numbers only!  Returns 3.5 for {"x":"a.txt"}? Yes')).toEqual([
      "Evaluate '3 * (4 + 5)'.",
      'Numbers only!',
      'Returns 3.5 for {"x":"a.txt"}?',
      'Yes',
    ]);
  });

  it('gives nothing for an empty or blank text', () => {
    expect(sentencesOf('')).toEqual([]);
    expect(sentencesOf('  ')).toEqual([]);
  });
});
