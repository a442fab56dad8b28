import { describe, expect, it } from 'vitest';
import { mapArguments } from '../../../../src/agents/sim/arguments.ts';
import type { JsonSchema } from '../../../../src/catalogue/catalogue-types.ts';
import { ResultText } from '../../../../src/suite/references.ts';

const schema = (properties: JsonSchema['properties'], required: string[] = []): JsonSchema => ({ type: 'object', properties, required });

describe('mapArguments', () => {
  it('fills parameters by exact name, then by name ignoring case and separators', () => {
    const s = schema({ file_path: { type: 'string' }, maxLines: { type: 'integer' } });
    expect(mapArguments({ file_path: 'a.txt', max_lines: 10 }, s)).toEqual({ file_path: 'a.txt', maxLines: 10 });
    expect(mapArguments({ filePath: 'a.txt', 'MAX-LINES': 3 }, s)).toEqual({ file_path: 'a.txt', maxLines: 3 });
  });

  it('fills the remaining parameters by type, required ones first, using each argument once', () => {
    const s = schema({ note: { type: 'string' }, expression: { type: 'string' }, precision: { type: 'number' } }, ['expression', 'precision']);
    expect(mapArguments({ formula: '2 + 2', digits: 3 }, s)).toEqual({ expression: '2 + 2', precision: 3 });
    expect(mapArguments({ a: 'x', b: 'y', c: 'z' }, schema({ p: { type: 'string' }, q: { type: 'string' } }))).toEqual({ p: 'x', q: 'y' });
  });

  it('turns numeric strings into numbers for numeric parameters, respecting integer', () => {
    expect(mapArguments({ amount: '12.5' }, schema({ amount: { type: 'number' } }))).toEqual({ amount: 12.5 });
    expect(mapArguments({ x: '7' }, schema({ count: { type: 'integer' } }))).toEqual({ count: 7 });
    expect(mapArguments({ x: '7.5' }, schema({ count: { type: 'integer' } }))).toEqual({});
    expect(mapArguments({ x: 'seven', y: '' }, schema({ count: { type: 'number' } }))).toEqual({});
  });

  it('never invents a value: a required parameter nothing fits is left out', () => {
    const s = schema({ path: { type: 'string' }, limit: { type: 'integer' } }, ['path', 'limit']);
    expect(mapArguments({ path: 'a.txt' }, s)).toEqual({ path: 'a.txt' });
    expect(mapArguments({}, s)).toEqual({});
    expect(mapArguments({ flag: true, list: [1] }, schema({ name: { type: 'string' } }, ['name']))).toEqual({});
  });

  it('keeps a by-name value even when its type is wrong, so the server can say what it wanted', () => {
    expect(mapArguments({ count: 'many' }, schema({ count: { type: 'integer' } }))).toEqual({ count: 'many' });
  });

  it('honours enums, booleans, arrays, objects and union types when matching by type', () => {
    const s = schema({
      unit: { type: 'string', enum: ['cm', 'in'] },
      verbose: { type: 'boolean' },
      items: { type: 'array' },
      options: { type: 'object' },
      limit: { type: ['integer', 'null'] },
    });
    expect(mapArguments({ a: 'kg', b: 'in', c: false, d: [1, 2], e: { k: 1 }, f: 5 }, s)).toEqual({
      unit: 'in',
      verbose: false,
      items: [1, 2],
      options: { k: 1 },
      limit: 5,
    });
  });

  it("gives an earlier step's text to a numeric parameter as its one number and to any other as the text", () => {
    const price = new ResultText('plank: 12.50 EUR');
    expect(mapArguments({ amount: price }, schema({ amount: { type: 'number' } }))).toEqual({ amount: 12.5 });
    expect(mapArguments({ x: price }, schema({ amount: { type: 'number' } }))).toEqual({ amount: 12.5 });
    expect(mapArguments({ note: price }, schema({ note: { type: 'string' } }))).toEqual({ note: 'plank: 12.50 EUR' });
    expect(mapArguments({ x: price }, schema({ note: { type: 'string' } }))).toEqual({ note: 'plank: 12.50 EUR' });
    // no single number to give: by name the text goes as it is, so the server says what it wanted
    expect(mapArguments({ amount: new ResultText('3 planks at 12.50') }, schema({ amount: { type: 'number' } }))).toEqual({ amount: '3 planks at 12.50' });
    expect(mapArguments({ x: new ResultText('none') }, schema({ amount: { type: 'number' } }))).toEqual({});
    expect(mapArguments({ a: price }, { type: 'object' })).toEqual({ a: 'plank: 12.50 EUR' });
  });

  it('passes arguments through to a schema without declared properties unless extra properties are forbidden', () => {
    expect(mapArguments({ a: 1 }, { type: 'object' })).toEqual({ a: 1 });
    expect(mapArguments({ a: 1 }, { type: 'object', additionalProperties: false })).toEqual({});
  });
});
