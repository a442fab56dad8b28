import { describe, expect, it } from 'vitest';
import { ToolReflector } from '../../../optimizer/adapter/reflection.ts';
import { targetFor } from '../../../optimizer/adapter/targets.ts';
import { call, facts, result } from './fixtures.ts';

const texts = { convert: 'Converts units.', sum: 'Adds numbers.' };

describe('ToolReflector', () => {
  const reflector = new ToolReflector({ server: 'srv', target: targetFor('success', 'srv') });

  it('records the task, the calls with arguments and outputs, the score and the feedback, failures first', () => {
    const ok = facts({ taskId: 'ok', success: true, calls: [call('srv', 'convert')] });
    const bad = facts({ taskId: 'bad', calls: [call('other', 'magic', { output: 'Error: cannot', isError: true })] });
    const rows = reflector.reflectiveDataset(texts, 'convert', [result(ok, 1), result(bad, 0)]);
    expect(rows.map((r) => r.score)).toEqual([0, 1]);
    expect(rows[0]).toMatchObject({ task: 'How far is 5 miles in km?', usedComponent: false, success: false, feedback: 'Expected 8.05.' });
    expect(rows[0]!.calls[0]).toMatchObject({ name: 'magic', server: 'other', component: false, args: '{"x":1}', output: 'Error: cannot', isError: true });
    expect(rows[0]!.steps[0]).toMatchObject({ forComponent: true });
    expect(rows[1]!.usedComponent).toBe(true);
  });

  it('stays within its size cap however long the trajectories are', () => {
    const huge = 'x'.repeat(200_000);
    const long = (i: number) =>
      result(
        facts({
          taskId: `t${i}`,
          prompt: huge,
          feedback: huge,
          plan: Array.from({ length: 50 }, () => ({ intent: huge, args: {}, tools: ['convert'] })),
          calls: Array.from({ length: 500 }, () => call('srv', 'convert', { args: { text: huge }, output: huge })),
        }),
        0,
      );
    const cap = { records: 8, callsPerRecord: 6, fieldChars: 400, totalChars: 8000 };
    const capped = new ToolReflector({ server: 'srv', target: targetFor('success', 'srv'), cap });
    for (const n of [1, 3, 30]) {
      const rows = capped.reflectiveDataset(
        texts,
        'convert',
        Array.from({ length: n }, (_, i) => long(i)),
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows).length).toBeLessThanOrEqual(cap.totalChars);
    }
  });

  it('blames the tool that was called for no step and the one that missed its step', () => {
    const r = result(facts({ plan: [{ intent: 'add', args: {}, tools: ['sum'] }], calls: [call('srv', 'convert')] }), 0);
    expect(reflector.blame(texts, [r])).toEqual({ convert: 1, sum: 1 });
    expect(reflector.blame(texts, [{ ...r, score: 1 }])).toEqual({});
  });

  it('for selection, blames the component whose same-named competitor on another server was chosen, never reading the labels', () => {
    const selection = new ToolReflector({ server: 'srv', target: targetFor('selection', 'srv') });
    const lost = facts({ plan: [{ intent: 'add', args: {}, tools: ['sum'] }], calls: [call('rival', 'convert'), call('srv', 'sum'), call('rival', 'other')] });
    expect(selection.blame(texts, [result(lost, 2 / 3)])).toEqual({ convert: 1 });
    expect(selection.blame(texts, [result(lost, 1)])).toEqual({});
    // chosen first, failed, and the rival only took over as the fallback: no lost choice
    const fellBack = facts({ calls: [call('srv', 'convert', { isError: true, output: 'Error' }), call('rival', 'convert')] });
    expect(selection.blame(texts, [result(fellBack, 0.5)])).toEqual({});
  });

  it('without observation keeps only the tasks (the blind baseline)', () => {
    const blind = new ToolReflector({ server: 'srv', target: targetFor('success', 'srv'), observed: false });
    const [row] = blind.reflectiveDataset(texts, 'convert', [result(facts({ calls: [call('srv', 'convert')], success: true }), 1)]);
    expect(row).toMatchObject({ observed: false, calls: [], usedComponent: false, success: false, feedback: '', score: 0 });
  });

  it('marks a task missed when the agent first chose another tool at least once, whatever the labels say', () => {
    const failing = (tool: string) => call('srv', tool, { output: 'Error', isError: true });
    const missed = (calls: ReturnType<typeof call>[], tools: string[]) =>
      reflector.reflectiveDataset(texts, 'convert', [result(facts({ calls, plan: [{ intent: 'how far is 5 miles in km', args: {}, tools }] }), 0)])[0]!.missed;
    for (const labels of [['convert'], ['sum'], []]) {
      // chosen for its one step; its error and the fallback to sum do not make it a miss
      expect(missed([failing('convert'), call('srv', 'sum')], labels)).toBe(false);
      // sum was chosen first, convert only as the fallback
      expect(missed([failing('sum'), call('srv', 'convert')], labels)).toBe(true);
      expect(missed([call('srv', 'convert'), call('other', 'convert')], labels)).toBe(true);
      expect(missed([], labels)).toBe(true);
    }
  });

  it('says under deferred loading whether a search ever returned the tool, and nothing with every tool listed', () => {
    const row = (found: Array<{ server: string; tool: string }> | undefined) =>
      reflector.reflectiveDataset(texts, 'convert', [result(facts({ calls: [], ...(found === undefined ? {} : { found }) }), 0)])[0]!;
    expect(row([{ server: 'srv', tool: 'sum' }]).componentFound).toBe(false);
    // the same name on another server is not this tool
    expect(row([{ server: 'other', tool: 'convert' }]).componentFound).toBe(false);
    expect(
      row([
        { server: 'srv', tool: 'sum' },
        { server: 'srv', tool: 'convert' },
      ]).componentFound,
    ).toBe(true);
    expect(row(undefined)).not.toHaveProperty('componentFound');
  });
});
