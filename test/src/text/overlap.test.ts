import { describe, expect, it } from 'vitest';
import { wordOverlap } from '../../../src/text/overlap.ts';

const share = (text: string, reference: string) => wordOverlap(text, reference).share;

const DESCRIPTION = 'Delete an item from the inventory by its id. Deleted items cannot be restored.';

describe('wordOverlap: the share of a request’s content words a description holds', () => {
  it('matches words by their stems: "deleting items" is the description\'s "delete" and "items"', () => {
    // content words: deleting, items, inventory -> delet, item, inventori; all three in the description
    expect(share('Deleting items from my inventory', DESCRIPTION)).toBe(1);
    expect(share('deletes', 'delete')).toBe(1);
  });

  it('leaves stop words, numbers and single letters out of the count', () => {
    // only "remove" and "pantry" are content words; neither is the description's
    expect(share('Can you remove the 3 things in a pantry for me?', DESCRIPTION)).toBe(0);
    // please, delete and item: the last two are held; 42 is not counted
    expect(share('Please delete item 42', DESCRIPTION)).toBeCloseTo(2 / 3, 10);
  });

  it('counts each word of the request once, however often it is repeated', () => {
    expect(share('delete delete delete pantry', DESCRIPTION)).toBe(0.5);
  });

  it('scores a request that repeats the description high and a paraphrase low', () => {
    const repeating = share('Delete the item from the inventory by its id', DESCRIPTION);
    const paraphrase = share('Get rid of the blue mug I logged yesterday, it broke', DESCRIPTION);
    expect(repeating).toBe(1);
    expect(paraphrase).toBe(0);
  });

  it('has no share for a request without a content word', () => {
    expect(wordOverlap("What's 15% of 240?", DESCRIPTION)).toEqual({ share: null, shared: [] });
    expect(share('is it the 42?', 'anything at all')).toBeNull();
  });

  it('names the shared words, stemmed, in the order of the text', () => {
    // content words: convert, temperatur, celsiu, fahrenheit; the reference holds convert (converts) and temperatur
    const o = wordOverlap('convert the temperature 30 Celsius to Fahrenheit', 'Converts a temperature between units.');
    expect(o.shared).toEqual(['convert', 'temperatur']);
    expect(o.share).toBe(0.5);
    expect(share('warm up my tea', 'Converts a temperature between units.')).toBe(0);
  });
});
