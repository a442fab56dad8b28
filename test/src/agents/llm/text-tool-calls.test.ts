import { describe, expect, it } from 'vitest';
import { toolCallsInText } from '../../../../src/agents/llm/text-tool-calls.ts';

const names = ['calculator', 'read_file'];
const tagged = (body: unknown) => `<tool_call>\n${JSON.stringify(body)}\n</tool_call>`;

describe('toolCallsInText', () => {
  it('takes one or more <tool_call> blocks that make up the whole text, with ids of their own per turn', () => {
    const text = `${tagged({ name: 'read_file', arguments: { path: 'a.txt' } })}\n${tagged({ name: 'calculator', arguments: { expression: '1 + 1' } })}\n`;

    expect(toolCallsInText(text, names, 3)).toEqual([
      { id: 'text_call_3_0', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } },
      { id: 'text_call_3_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"1 + 1"}' } },
    ]);
  });

  it('takes a bare JSON object with parameters or arguments, and a call with none as no arguments', () => {
    expect(toolCallsInText(' {"name": "calculator", "parameters": {"expression": "2"}} ', names, 0)[0]!.function).toEqual({
      name: 'calculator',
      arguments: '{"expression":"2"}',
    });
    expect(toolCallsInText('{"name": "read_file"}', names, 0)[0]!.function.arguments).toBe('{}');
  });

  it('leaves anything ambiguous as text: prose, an unknown name, bad JSON, extra keys, both argument keys, an unclosed block', () => {
    const ambiguous = [
      null,
      '',
      'The answer is 42.',
      `Let me check. ${tagged({ name: 'calculator', arguments: {} })}`,
      `${tagged({ name: 'calculator', arguments: {} })} and then I am done`,
      tagged({ name: 'web_search', arguments: {} }),
      `${tagged({ name: 'calculator', arguments: {} })}${tagged({ name: 'web_search', arguments: {} })}`,
      '<tool_call>{"name": "calculator", "arguments": {</tool_call>',
      '<tool_call>{"name": "calculator", "arguments": {}}',
      JSON.stringify({ name: 'calculator', arguments: {}, note: 'x' }),
      JSON.stringify({ name: 'calculator', arguments: {}, parameters: {} }),
      JSON.stringify({ name: 'calculator', arguments: '1 + 1' }),
      '42',
      '["calculator"]',
    ];
    for (const text of ambiguous) expect(toolCallsInText(text, names, 0), String(text)).toEqual([]);
  });
});
