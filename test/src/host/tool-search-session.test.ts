import { describe, expect, it } from 'vitest';
import type { ModelStepInput } from '../../../traces/index.ts';
import type { LiveToolCall } from '../../../src/host/tool-call.ts';
import { deferredTools, loadedOnly, TOOL_SEARCH_STEP_MODEL } from '../../../src/host/tool-search-session.ts';
import { TINY } from '../catalogue/tool-search/catalogue.ts';

describe('one episode of deferred loading', () => {
  it('starts with nothing loaded, loads what each search returns, keeps it, and records every search', () => {
    const steps: ModelStepInput[] = [];
    const deferred = deferredTools(TINY, { mode: 'bm25', k: 1 }, (step) => steps.push(step));
    expect(deferred.tool.name).toBe('tool_search');
    expect(deferred.loaded()).toEqual([]);

    expect(deferred.search('read file').text).toBe('Found 1 tool for "read file", best first; you can call them now: read_file.');
    const afterFirst = deferred.loaded();
    expect(afterFirst.map((t) => t.name)).toEqual(['read_file']);
    deferred.search('read a file'); // the same tool again: nothing new is loaded, and the list stays the same array
    expect(deferred.loaded()).toBe(afterFirst);
    deferred.search('arithmetic');
    expect(deferred.loaded().map((t) => t.name)).toEqual(['read_file', 'calculator']);
    expect(deferred.search('weather').text).toBe('No tool matched "weather". Search again with other words.');

    expect(steps.map((s) => s.model)).toEqual(Array(4).fill(TOOL_SEARCH_STEP_MODEL));
    expect(steps.map((s) => s.input)).toEqual(['read file', 'read a file', 'arithmetic', 'weather'].map((query) => ({ mode: 'bm25', k: 1, query })));
    expect(steps.map((s) => s.output)).toEqual([
      { results: [expect.objectContaining({ rank: 1, name: 'read_file', server: 'files', tool: 'read_file' })], loaded: ['read_file'] },
      { results: [expect.objectContaining({ name: 'read_file' })], loaded: [] },
      { results: [expect.objectContaining({ name: 'calculator' })], loaded: ['calculator'] },
      { results: [], loaded: [] },
    ]);
  });

  it('answers a bad regex with an error result the model reads, and records the refusal', () => {
    const steps: ModelStepInput[] = [];
    const deferred = deferredTools(TINY, { mode: 'regex', k: 5 }, (step) => steps.push(step));
    const outcome = deferred.search('read(');
    expect(outcome.error).toMatch(/"read\(" is not a valid regular expression/);
    expect(outcome.text).toMatch(/^Error: "read\(" is not a valid regular expression .*Search again with a valid pattern\.$/);
    expect(deferred.loaded()).toEqual([]);
    expect(steps[0]!.output).toEqual({ error: outcome.error });
  });

  it('lets calls through to loaded tools only: another name is answered as unknown and recorded without a server', async () => {
    const deferred = deferredTools(TINY, { mode: 'bm25', k: 5 }, () => {});
    const reached: string[] = [];
    const calls: LiveToolCall[] = [];
    const invoker = loadedOnly(deferred, { call: async (name) => (reached.push(name), { text: 'ok', isError: false }) }, (call) => calls.push(call));

    const early = await invoker.call('calculator', { expression: '1 + 1' });
    expect(early).toEqual({
      isError: true,
      text: 'Unknown tool "calculator": it is not loaded. No tool is loaded yet; search with tool_search to load others.',
    });
    expect(calls).toEqual([expect.objectContaining({ server: '', name: 'calculator', tool: 'calculator', isError: true })]);

    deferred.search('arithmetic expression');
    expect(await invoker.call('calculator', { expression: '1 + 1' })).toEqual({ text: 'ok', isError: false });
    expect(reached).toEqual(['calculator']);
  });

  it('names its tool so that no catalogue tool is hidden behind it', () => {
    const taken = { tools: [...TINY.tools, { ...TINY.tools[0]!, name: 'tool_search' }] };
    expect(deferredTools(taken, { mode: 'bm25', k: 5 }, () => {}).tool.name).toBe('tool_search_2');
  });
});
