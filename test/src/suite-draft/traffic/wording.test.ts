import { describe, expect, it } from 'vitest';
import { characterSimilarity, nearlySameWording, SAME_CHARACTERS, SAME_TERMS, sharedTerms } from '../../../../src/suite-draft/traffic/wording.ts';

describe('nearly the same wording', () => {
  it('joins a request retyped with a contraction, a typo, reordered words or a please', () => {
    expect(nearlySameWording("What's 12 times 7?", 'What is 12 times 7?')).toBe(true);
    expect(nearlySameWording('Convert 5 miles to kilometers', 'Convert 5 miles to kilometres')).toBe(true);
    expect(nearlySameWording('split the 120 rent between 4 people', 'between 4 people, split the 120 rent')).toBe(true);
    expect(nearlySameWording('Could you please convert 5 miles to km', 'convert 5 miles to km')).toBe(true);
  });

  it('keeps apart the same need said in other words', () => {
    expect(nearlySameWording('how far is 5 miles in kilometres', 'convert 5 miles to km')).toBe(false);
    expect(nearlySameWording('Multiply twelve by seven for me', 'What is 12 times 7?')).toBe(false);
  });

  it('measures at the thresholds the comments give', () => {
    expect(sharedTerms('Could you please convert 5 miles to km', 'convert 5 miles to km')).toBeCloseTo(SAME_TERMS, 5);
    expect(sharedTerms('how far is 5 miles in kilometres', 'convert 5 miles to km')).toBeCloseTo(0.2, 5);
    expect(characterSimilarity("what's 12 times 7", 'what is 12 times 7')).toBeGreaterThan(SAME_CHARACTERS);
    expect(sharedTerms('12', '7')).toBe(0);
  });
});
