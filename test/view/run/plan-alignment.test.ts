import { describe, expect, it } from 'vitest';
import { alignedConfusion } from '../../../view/run/plan-alignment.ts';

const step = (...tools: string[]) => ({ intent: 'a step', args: {}, tools });
const call = (tool: string, server = 'maths') => ({ server, tool });
const cell = (labelled: string, chosen: string | null, decisions = 1) => ({ labelled, chosen, decisions });

describe('aligning calls with plan steps', () => {
  const plans = new Map([
    ['two-steps', [step('read'), step('add')]],
    ['either', [step('add', 'maths/sum')]],
    ['no-plan', []],
  ]);

  it('matches each step with a call of its own tools in any order, and the steps left with the calls left in order', () => {
    expect(alignedConfusion(plans, [{ taskId: 'two-steps', calls: [call('add'), call('read')] }])).toEqual([cell('add', 'add'), cell('read', 'read')]);
    expect(alignedConfusion(plans, [{ taskId: 'two-steps', calls: [call('read'), call('divide'), call('multiply')] }])).toEqual([
      cell('add', 'divide'),
      cell('read', 'read'),
    ]);
  });

  it('counts a step no call was left for as no tool, and ignores tasks without a plan', () => {
    expect(
      alignedConfusion(plans, [
        { taskId: 'two-steps', calls: [] },
        { taskId: 'no-plan', calls: [call('read')] },
        { taskId: 'unknown', calls: [call('read')] },
      ]),
    ).toEqual([cell('add', null), cell('read', null)]);
  });

  it('counts a step of several tools once: under the one it was served by, else under its first', () => {
    expect(alignedConfusion(plans, [{ taskId: 'either', calls: [call('sum')] }])).toEqual([cell('maths/sum', 'sum')]);
    expect(alignedConfusion(plans, [{ taskId: 'either', calls: [call('sum', 'other')] }])).toEqual([cell('add', 'sum')]);
    expect(alignedConfusion(plans, [{ taskId: 'either', calls: [] }])).toEqual([cell('add', null)]);
  });

  it('adds up episodes', () => {
    const twice = [1, 2].map(() => ({ taskId: 'two-steps', calls: [call('read'), call('add')] }));
    expect(alignedConfusion(plans, twice)).toEqual([cell('add', 'add', 2), cell('read', 'read', 2)]);
  });
});
