import { describe, expect, it } from 'vitest';
import { readInputSchema } from '../../../src/host/tool-schema.ts';

describe('a tool input schema from a server', () => {
  it('is taken as listed when every property is a schema, keeping keywords tdo does not read', () => {
    const schema = {
      type: 'object',
      properties: { path: { type: 'string', description: 'the file', minLength: 1 }, mode: { enum: ['r', 'w'] } },
      required: ['path'],
      $schema: 'https://json-schema.org/draft/2020-12/schema',
    };
    expect(readInputSchema(schema)).toEqual({ schema });
  });

  it('gives a boolean property schema its object form, so no reader meets a property that is not an object', () => {
    expect(readInputSchema({ type: 'object', properties: { any: true, none: false } })).toEqual({
      schema: { type: 'object', properties: { any: {}, none: { not: {} } } },
    });
  });

  it('names where a schema is not one: a null property, required not a list of names, a keyword tdo reads of the wrong type', () => {
    expect(readInputSchema({ type: 'object', properties: { text: { type: 'string' }, x: null } })).toEqual({
      problem: 'properties.x: expected a JSON Schema (an object or a boolean)',
    });
    expect(readInputSchema({ type: 'object', required: 'path' })).toMatchObject({ problem: expect.stringMatching(/^required: /) });
    expect(readInputSchema({ type: 'object', properties: { unit: { enum: 'ms' } } })).toMatchObject({
      problem: expect.stringMatching(/^properties\.unit\.enum: /),
    });
    expect(readInputSchema({ type: 'object', properties: { n: { description: 7 } } })).toMatchObject({
      problem: expect.stringMatching(/^properties\.n\.description: /),
    });
  });

  it("cuts a long property name in what it says, since the name is the server's", () => {
    const name = 'p'.repeat(10_000);
    const read = readInputSchema({ type: 'object', properties: { [name]: 3 } });
    expect('problem' in read && read.problem.length).toBeLessThan(200);
  });
});
