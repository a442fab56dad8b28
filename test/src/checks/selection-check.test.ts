import { describe, expect, it } from 'vitest';
import { checkSelection } from '../../../src/checks/selection-check.ts';
import type { LiveToolCall } from '../../../src/host/tool-call.ts';
import { suiteSchema, taskSchema } from '../../../src/suite/schema.ts';

const task = taskSchema.parse({
  id: 't',
  split: 'val',
  prompt: 'p',
  plan: [
    { intent: 'open the report.', tools: ['read_text_file', 'files/read_file'] },
    { intent: 'sum it', tools: ['calc'] },
  ],
  check: { kind: 'selection' },
  stopAfterToolCall: true,
});
const call = (server: string, tool: string): LiveToolCall => ({
  server,
  name: tool,
  tool,
  args: {},
  output: '',
  isError: false,
  latencyMs: 0,
});

describe('checkSelection', () => {
  it('succeeds when the first call is a correct tool of the first step, by name or server/name', () => {
    expect(checkSelection(task, [call('fs', 'read_text_file')])).toEqual({ success: true, feedback: 'Correct: chose read_text_file for "open the report".' });
    expect(checkSelection(task, [call('files', 'read_file')]).success).toBe(true);
  });

  it('fails on a wrong first pick (a later right one does not count), a right name on the wrong server, or no call', () => {
    expect(checkSelection(task, [call('fs', 'list_directory'), call('fs', 'read_text_file')])).toEqual({
      success: false,
      feedback: 'Chose list_directory for "open the report"; expected read_text_file or files/read_file.',
    });
    expect(checkSelection(task, [call('other', 'read_file')]).success).toBe(false);
    expect(checkSelection(task, [])).toEqual({
      success: false,
      feedback: 'No tool was chosen for "open the report"; expected read_text_file or files/read_file.',
    });
  });

  it('is, with the no-tool check, the only check a suite accepts on a stopAfterToolCall task (no answer exists to check)', () => {
    const suite = { name: 's', systemPrompt: 'x', servers: [{ name: 'fs', command: 'x' }], tasks: [{ ...task, check: { kind: 'answer', expected: 3 } }] };
    const parsed = suiteSchema.safeParse(suite);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['tasks.0.check.kind', 'a task with stopAfterToolCall ends before any answer: its check must be {kind: selection} (or {kind: no-tool})'],
    ]);
    expect(suiteSchema.safeParse({ ...suite, tasks: [task] }).success).toBe(true);
  });
});

describe('checkNoTool', () => {
  it('succeeds only when no tool was called, and says which was called otherwise', async () => {
    const { checkNoTool } = await import('../../../src/checks/selection-check.ts');
    expect(checkNoTool([]).success).toBe(true);
    expect(checkNoTool([call('fs', 'read_text_file')])).toEqual({
      success: false,
      feedback: 'Called read_text_file, but no tool serves this request; expected no tool call.',
    });
  });

  it('a no-tool task may stop at its first tool call, and needs no plan', () => {
    const negative = { id: 'n', split: 'test', prompt: 'sing me a song', check: { kind: 'no-tool' }, stopAfterToolCall: true };
    expect(taskSchema.parse(negative).plan).toEqual([]);
    const suite = { name: 's', systemPrompt: 'x', servers: [{ name: 'a', command: 'node' }], tasks: [negative] };
    expect(suiteSchema.safeParse(suite).success).toBe(true);
  });
});
