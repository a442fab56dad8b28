import { describe, expect, it } from 'vitest';
import { assessToolUse } from '../../../src/run/episode-feedback.ts';
import type { Task } from '../../../src/suite/schema.ts';
import type { ToolCall } from '../../../traces/index.ts';

const task = (plan: Task['plan']): Task => ({
  id: 't',
  split: 'val',
  prompt: 'What is 2 + 2?',
  plan,
  check: { kind: 'answer', expected: 4, tolerance: 0 },
  tags: [],
});
const calls: ToolCall[] = [{ server: 'lab', name: 'read_file', tool: 'read_file', args: {}, output: 'x', isError: false, latencyMs: 1 }];

describe('assessToolUse', () => {
  it('scores the calls against the plan: precision, recall and what was chosen or missed', () => {
    expect(assessToolUse(task([{ intent: 'add two and two', args: {}, tools: ['lab/calculator'] }]), calls)).toEqual({
      precision: 0,
      recall: 0,
      remarks: ['Chose read_file, which no step of this task needs.', 'Never called lab/calculator for the step "add two and two".'],
    });
  });

  it('measures nothing for a task without a plan (LLM agents only): no tool is named correct', () => {
    expect(assessToolUse(task([]), calls)).toEqual({ remarks: [] });
  });
});
