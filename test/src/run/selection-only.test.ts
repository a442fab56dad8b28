import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../src/catalogue/catalogue-types.ts';
import type { LiveToolCall } from '../../../src/host/tool-call.ts';
import { stopAtFirstToolCall } from '../../../src/run/selection-only.ts';

const catalogue: Catalogue = {
  tools: [
    { name: 'search', server: 'docs', tool: 'search', description: 'Searches.', inputSchema: { type: 'object' } },
    { name: 'docs__open', server: 'docs', tool: 'open', description: 'Opens.', inputSchema: { type: 'object' } },
  ],
};

describe('stopAtFirstToolCall', () => {
  it('records the first catalogue call without sending it anywhere, then interrupts the agent', async () => {
    const sent: string[] = [];
    const recorded: LiveToolCall[] = [];
    const routed = { call: async (name: string) => (sent.push(name), { text: 'real', isError: false }) };
    const selection = stopAtFirstToolCall(catalogue, routed, (e) => recorded.push(e));
    expect(selection.stopped()).toBe(false);
    await expect(selection.invoker.call('docs__open', { id: 3 })).rejects.toThrow(/stopped at the first tool call \(docs__open\)/);
    expect(selection.stopped()).toBe(true);
    expect(sent).toEqual([]);
    expect(recorded).toMatchObject([{ server: 'docs', name: 'docs__open', tool: 'open', args: { id: 3 }, isError: false }]);
  });

  it('passes unknown names on, so the agent gets the usual error and is not stopped by a call that chose nothing', async () => {
    const routed = { call: async (name: string) => ({ text: `Unknown tool "${name}"`, isError: true }) };
    const recorded: LiveToolCall[] = [];
    const selection = stopAtFirstToolCall(catalogue, routed, (e) => recorded.push(e));
    expect(await selection.invoker.call('nope', {})).toEqual({ text: 'Unknown tool "nope"', isError: true });
    expect(selection.stopped()).toBe(false);
    expect(recorded).toEqual([]);
  });
});
