import { describe, expect, it } from 'vitest';
import { describeParameters } from '../../../../../optimizer/proposers/sim/operators/describe-parameters.ts';
import { withSchema } from './apply-operator.ts';

describe('describe-parameters', () => {
  const schema = {
    type: 'object',
    properties: {
      taskIds: { type: 'array', description: 'An array of task ids to delete' },
      dryRun: { type: 'boolean', description: 'If true, reports what would go without deleting it.' },
      mode: { type: 'string' },
    },
    required: ['taskIds'],
  };

  it("states the schema's parameters with their own descriptions, with no train task at all", () => {
    expect(withSchema(describeParameters, 'Delete multiple tasks from the task board', schema)?.text).toBe(
      'Delete multiple tasks from the task board. It takes the argument `taskIds` (an array of task ids to delete), and optionally `dryRun` (if true, reports what would go without deleting it) or `mode`.',
    );
    expect(withSchema(describeParameters, 'Delete tasks.', { properties: { query: { description: 'The search query' } } })?.text).toBe(
      'Delete tasks. It optionally takes the argument `query` (the search query).',
    );
  });

  it("states what the schema says of a parameter's values: its enumeration, format and range", () => {
    const typed = {
      properties: {
        unit: { type: 'string', enum: ['ms', 's', 'min'], description: 'The unit' },
        due: { type: 'string', format: 'date-time' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
      },
      required: ['unit'],
    };
    expect(withSchema(describeParameters, 'Delete tasks.', typed)?.text).toBe(
      'Delete tasks. It takes the argument `unit` (the unit; one of ms, s or min), and optionally `due` (a date-time) or `limit` (from 1 to 100).',
    );
    // values typed otherwise than JSON Schema says are left out, and the parameter is still named
    expect(withSchema(describeParameters, 'Delete tasks.', { properties: { limit: { minimum: '1', enum: 'a', format: 5 } } })?.text).toBe(
      'Delete tasks. It optionally takes the argument `limit`.',
    );
  });

  it('adds nothing without a schema, with a schema it cannot read, or when the text names every parameter', () => {
    expect(withSchema(describeParameters, 'Delete tasks.', undefined)).toBeUndefined();
    expect(withSchema(describeParameters, 'Delete tasks.', { properties: 'none' })).toBeUndefined();
    expect(withSchema(describeParameters, 'Delete tasks.', { type: 'object' })).toBeUndefined();
    expect(withSchema(describeParameters, 'Delete the tasks in taskIds; dryRun and mode are optional.', schema)).toBeUndefined();
  });
});
