import { describe, expect, it } from 'vitest';
import { addExample } from '../../../../../optimizer/proposers/sim/operators/add-example.ts';
import { NOT_EXECUTED_RESULT } from '../../../../../src/text/tdo-text.ts';
import { call, record } from '../../records.ts';
import { apply, texts } from './apply-operator.ts';

describe('add-example', () => {
  it('takes a call with a short answer and never copies a long result', () => {
    expect(apply(addExample, 'Convert.', [record({ calls: [call()] })])?.text).toBe('Convert. For example, {"value":12} returns 340.19 g.');
    expect(
      apply(addExample, 'Read.', [record({ calls: [call({ output: 'November budget - the Okafor household, all the bills and more' })] })]),
    ).toBeUndefined();
    expect(apply(addExample, 'Read.', [record({ calls: [call({ output: 'line one\nline two' })] })])).toBeUndefined();
  });

  it("quotes only calls whose words came up in two tasks or more: one request's values stay out", () => {
    const inches = call({ args: '{"value":70,"from":"in","to":"cm"}', output: '177.8 cm' });
    const miles = (task: string, value: number) =>
      record({ task, calls: [call({ args: `{"value":${value},"from":"mi","to":"km"}`, output: `${value * 1.6} km` })] });
    expect(apply(addExample, 'Convert.', [record({ task: 'a', calls: [inches] }), record({ task: 'b', calls: [call()] })])?.text).toBe(
      'Convert. For example, {"value":12} returns 340.19 g.',
    );
    const made = texts(addExample, 'Convert.', [record({ task: 'a', calls: [inches] }), miles('b', 2), miles('c', 5)]);
    expect(made.every((t) => /"from":"mi","to":"km"/.test(t))).toBe(true);
  });

  it('never quotes a call that was not executed or that has no arguments, nor an empty answer', () => {
    for (const c of [
      call({ output: NOT_EXECUTED_RESULT }),
      call({ args: '{}' }),
      call({ args: '{"names":[]}' }),
      call({ args: '{"value":12,"unit":"g... [truncated]' }),
      call({ output: '[]' }),
      call({ output: '' }),
    ]) {
      expect(apply(addExample, 'Read the board', [record({ task: 'a', calls: [c] }), record({ task: 'b', calls: [c] })]), c.args + c.output).toBeUndefined();
    }
  });
});
