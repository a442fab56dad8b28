import { describe, expect, it } from 'vitest';
import { resolveArguments, resolveReference, ResultText } from '../../../src/suite/references.ts';

describe('resolveReference', () => {
  it('without a path: the number when the text is only a number, else the text, trimmed', () => {
    expect(resolveReference({ $from: 1 }, { text: ' 1039\n' })).toEqual({ value: 1039 });
    expect(resolveReference({ $from: 1 }, { text: '-2.5e3' })).toEqual({ value: -2500 });
    expect(resolveReference({ $from: 1 }, { text: ' oak plank: 12.50 EUR \n' })).toEqual({ value: new ResultText('oak plank: 12.50 EUR') });
  });

  it('reads the one number of a longer text, and none when it holds none or several', () => {
    expect(new ResultText('oak plank: 12.50 EUR').number).toBe(12.5);
    expect(new ResultText('total 69,504').number).toBe(69504);
    expect(new ResultText('no price').number).toBeUndefined();
    expect(new ResultText('3 planks at 12.50').number).toBeUndefined();
  });

  it('with a path: a field of the structured content, else of the text read as JSON, array items by index', () => {
    const structured = { items: [{ name: 'plank', price: 12.5 }], currency: 'EUR' };
    expect(resolveReference({ $from: 1, path: 'items.0.price' }, { text: 'ignored', structured })).toEqual({ value: 12.5 });
    expect(resolveReference({ $from: 1, path: 'items.0' }, { text: 'ignored', structured })).toEqual({ value: { name: 'plank', price: 12.5 } });
    expect(resolveReference({ $from: 2, path: 'a.b.1.c' }, { text: '{"a": {"b": [{}, {"c": "7"}]}}' })).toEqual({ value: 7 });
    expect(resolveReference({ $from: 2, path: 'a.b.1.c' }, { text: '{"a": {"b": [{}, {"c": "seven"}]}}' })).toEqual({ value: new ResultText('seven') });
    // a structured result without the field still has its JSON text to look in
    expect(resolveReference({ $from: 1, path: 'id' }, { text: '{"id": "n-1"}', structured: { other: 1 } })).toEqual({ value: new ResultText('n-1') });
  });

  it('says what the result lacked when a path does not resolve', () => {
    expect(resolveReference({ $from: 1, path: 'items.3.price' }, { text: '{"items": [{"price": 1}]}' })).toEqual({
      missing: 'step 1\'s result has no "items.3.price" (it returned: "{"items": [{"price": 1}]}")',
    });
    expect(resolveReference({ $from: 2, path: 'price' }, { text: 'oak plank: 12.50 EUR' })).toEqual({
      missing: 'step 2\'s result has no "price" (it returned: "oak plank: 12.50 EUR")',
    });
    expect(resolveReference({ $from: 1, path: 'length' }, { text: '[1, 2]' })).toHaveProperty('missing');
  });
});

describe('resolveArguments', () => {
  it('replaces each reference with its value and keeps the rest as written', () => {
    const results = [{ text: 'oak plank: 12.50 EUR' }, { text: '37.5' }];
    expect(resolveArguments({ a: { $from: 2 }, b: 3, label: { name: 'x' } }, results)).toEqual({ args: { a: 37.5, b: 3, label: { name: 'x' } } });
  });

  it('names the argument whose value could not be had', () => {
    expect(resolveArguments({ price: { $from: 1, path: 'price' } }, [{ text: 'n/a' }])).toEqual({
      missing: '"price": step 1\'s result has no "price" (it returned: "n/a")',
    });
  });
});
