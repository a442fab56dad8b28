// The `{$from}` form in suite files: strict like every other object, and checked against the plan on load.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/suite/load.ts';

function suiteFile(tasks: unknown[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'tdo-refs-')), 'suite.json');
  writeFileSync(file, JSON.stringify({ name: 'x', systemPrompt: 'Help.', servers: [{ name: 'shop', command: 'node', args: ['x.js'] }], tasks }));
  return file;
}

const lookup = { intent: 'look up the price', args: { item: 'plank' }, tools: ['shop/lookup'] };
const task = (plan: unknown[] | undefined, check: unknown = { kind: 'answer', expected: 37.5 }) => ({
  id: 'planks',
  split: 'val',
  prompt: 'What do 3 planks cost?',
  ...(plan === undefined ? {} : { plan }),
  check,
});
const problemsOf = (file: string) => {
  try {
    loadSuite(file);
  } catch (err) {
    return (err as Error).message;
  }
  return 'loaded';
};

describe('step references in a suite file', () => {
  it('loads an argument or an expected value that refers to an earlier step', () => {
    const { suite } = loadSuite(
      suiteFile([
        task([lookup, { intent: 'multiply', args: { a: { $from: 1 }, b: 3 }, tools: ['shop/multiply'] }], {
          kind: 'answer',
          expected: { $from: 2, path: 'result' },
        }),
      ]),
    );
    expect(suite.tasks[0]!.plan[1]!.args).toEqual({ a: { $from: 1 }, b: 3 });
    expect(suite.tasks[0]!.check).toEqual({ kind: 'answer', expected: { $from: 2, path: 'result' }, tolerance: 1e-6 });
  });

  it('refuses an unknown key in a reference with a suggestion, and a bad step number at $from', () => {
    const message = problemsOf(
      suiteFile([
        task([lookup, { intent: 'multiply', args: { a: { $from: 1, pth: 'x' }, b: { $from: '1' } }, tools: ['shop/multiply'] }], {
          kind: 'answer',
          expected: { $frm: 1 },
        }),
      ]),
    );
    expect(message).toContain('tasks.0.plan.1.args.a: Unrecognized key: "pth" (did you mean "path" for "pth"?)');
    expect(message).toContain('tasks.0.plan.1.args.b.$from: Invalid input: expected number, received string');
    expect(message).toContain('tasks.0.check.expected: Unrecognized key: "$frm" (did you mean "$from" for "$frm"?)');
  });

  it('refuses a reference to a step that is not an earlier one, naming the task and the step', () => {
    const message = problemsOf(
      suiteFile([
        task(
          [
            { ...lookup, args: { item: { $from: 1 } } },
            { intent: 'multiply', args: { a: { $from: 3 } }, tools: ['shop/multiply'] },
          ],
          { kind: 'answer', expected: { $from: 4 } },
        ),
      ]),
    );
    expect(message).toContain(
      'tasks.0.plan.0.args.item: task "planks", step 1, argument "item": {$from: 1} refers to step 1, which does not come before step 1',
    );
    expect(message).toContain('tasks.0.plan.1.args.a: task "planks", step 2, argument "a": {$from: 3} refers to step 3, but the task\'s plan has only 2 steps');
    expect(message).toContain('tasks.0.check.expected: task "planks", check: {$from: 4} refers to step 4, but the task\'s plan has only 2 steps');
  });

  it('refuses a reference to a negotiate step, whose rounds have no one result', () => {
    const plan = [
      { intent: 'haggle', negotiate: true, tools: ['shop/offer'] },
      { intent: 'close', tools: ['shop/accept'] },
      { intent: 'note it', args: { price: { $from: 1 } }, tools: ['shop/note'] },
    ];
    expect(problemsOf(suiteFile([{ ...task(plan), limit: 10 }]))).toContain(
      'task "planks", step 3, argument "price": {$from: 1} refers to step 1, a negotiate step, whose rounds have no one result; refer to step 2',
    );
  });

  it('loads a task without a plan for LLM agents, unless its check needs the plan', () => {
    expect(loadSuite(suiteFile([task(undefined)])).suite.tasks[0]!.plan).toEqual([]);
    expect(problemsOf(suiteFile([task(undefined, { kind: 'selection' })]))).toContain(
      'tasks.0.plan: task "planks": a selection check judges the tool chosen for the plan\'s first step; write the plan',
    );
    expect(problemsOf(suiteFile([task(undefined, { kind: 'answer', expected: { $from: 1 } })]))).toContain(
      'task "planks", check: {$from: 1} refers to step 1, but the task\'s plan has no steps',
    );
    expect(problemsOf(suiteFile([task([])]))).toContain('tasks.0.plan: Too small');
  });
});
