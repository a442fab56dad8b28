import { describe, expect, it } from 'vitest';
import { toFunctionParameters, toFunctionTool } from '../../../../src/agents/llm/function-tools.ts';

describe('toFunctionParameters', () => {
  it('strips $schema and keeps the rest of the schema as the server wrote it', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { path: { type: 'string', description: 'relative path' }, limit: { type: 'integer', minimum: 1 } },
      required: ['path'],
      additionalProperties: false,
    };
    const { $schema: _dialect, ...expected } = schema;
    expect(toFunctionParameters(schema)).toEqual(expected);
  });

  it('makes a schema without type or properties an object with no properties', () => {
    expect(toFunctionParameters({})).toEqual({ type: 'object', properties: {} });
    expect(toFunctionParameters({ description: 'no input' })).toEqual({ description: 'no input', type: 'object', properties: {} });
  });
});

describe('toFunctionTool', () => {
  it('uses the catalogue name (namespaced on collision), not the server-side name', () => {
    const tool = toFunctionTool({
      name: 'labplus__calculator',
      server: 'labplus',
      tool: 'calculator',
      description: 'Does every calculation.',
      inputSchema: { type: 'object', properties: { expression: { type: 'string' } } },
    });
    expect(tool).toEqual({
      type: 'function',
      function: {
        name: 'labplus__calculator',
        description: 'Does every calculation.',
        parameters: { type: 'object', properties: { expression: { type: 'string' } } },
      },
    });
  });
});
