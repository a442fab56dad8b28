import { describe, expect, it } from 'vitest';
import type { ToolInvoker } from '../../../../src/catalogue/catalogue-types.ts';
import { answerToolCall } from '../../../../src/agents/llm/tool-calls.ts';

function recordingTools() {
  const calls: Array<[string, Record<string, unknown>]> = [];
  const tools: ToolInvoker = {
    call: async (name, args) => {
      calls.push([name, args]);
      return { text: `result of ${name}`, isError: false };
    },
  };
  return { tools, calls };
}

const call = (name: string, args: string) => ({ id: 'call_1', type: 'function' as const, function: { name, arguments: args } });
const names = ['read_file', 'calculator'];

describe('answerToolCall', () => {
  it('calls the tool with the parsed arguments and returns its text unchanged', async () => {
    const { tools, calls } = recordingTools();
    expect(await answerToolCall(call('calculator', '{"expression":"1 + 2"}'), names, tools)).toBe('result of calculator');
    expect(calls).toEqual([['calculator', { expression: '1 + 2' }]]);
  });

  it('explains arguments that are not a JSON object and never reaches the host', async () => {
    const { tools, calls } = recordingTools();
    expect(await answerToolCall(call('calculator', '{"expression":'), names, tools)).toMatch(/^Error: the arguments for calculator are not valid JSON/);
    expect(await answerToolCall(call('calculator', '"1 + 2"'), names, tools)).toMatch(/must be a JSON object, not a string\./);
    expect(await answerToolCall(call('calculator', 'null'), names, tools)).toMatch(/must be a JSON object, not null\./);
    expect(await answerToolCall(call('search', '[1]'), names, tools)).toBe('Error: there is no tool named "search". Available tools: read_file, calculator.');
    expect(calls).toEqual([]);
  });

  it('explains an unknown name, and hands the call to the host so it is recorded', async () => {
    const { tools, calls } = recordingTools();
    expect(await answerToolCall(call('search', '{"q":"x"}'), names, tools)).toBe(
      'Error: there is no tool named "search". Available tools: read_file, calculator.',
    );
    expect(await answerToolCall(call('search', ''), names, tools)).toBe('Error: there is no tool named "search". Available tools: read_file, calculator.');
    expect(calls).toEqual([
      ['search', { q: 'x' }],
      ['search', {}],
    ]);
  });
});
