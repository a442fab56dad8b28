import { describe, expect, it } from 'vitest';
import { stateReturns } from '../../../../../optimizer/proposers/sim/operators/state-returns.ts';
import { NOT_EXECUTED_RESULT } from '../../../../../src/text/tdo-text.ts';
import { call, record } from '../../records.ts';
import { apply } from './apply-operator.ts';

describe('state-returns', () => {
  it('says what the calls that worked returned, by form', () => {
    expect(apply(stateReturns, 'Convert.', [record({ calls: [call()] })])?.text).toBe('Convert. It returns a number followed by its unit.');
    expect(apply(stateReturns, 'Add.', [record({ calls: [call({ output: '42' })] })])?.text).toBe('Add. It returns the result as a plain number.');
    expect(apply(stateReturns, 'Read.', [record({ calls: [call({ output: 'a long\nfile' })] })])?.text).toMatch(/returns the text itself/);
  });

  it('reads nothing into a placeholder result, and says when the results were JSON', () => {
    expect(apply(stateReturns, 'Read the board', [record({ calls: [call({ output: NOT_EXECUTED_RESULT })] })])).toBeUndefined();
    expect(apply(stateReturns, 'Read the board', [record({ calls: [call({ output: '{"tasks":[]}' })] })])?.text).toBe(
      'Read the board. It returns its result as JSON.',
    );
  });
});
