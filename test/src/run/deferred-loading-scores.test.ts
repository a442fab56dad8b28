import { describe, expect, it } from 'vitest';
import { countDescriptionTokens } from '../../../traces/index.ts';
import { deferredTools } from '../../../src/host/tool-search/session.ts';
import { deferredLoadingScores } from '../../../src/run/deferred-loading-scores.ts';
import { taskSchema } from '../../../src/suite/schema.ts';
import { TINY } from '../host/tool-search/catalogue.ts';

const task = taskSchema.parse({
  id: 'copy-sum',
  split: 'test',
  prompt: 'Read a.txt, add its numbers, write the sum to b.txt.',
  plan: [
    { intent: 'read a.txt', args: { path: 'a.txt' }, tools: ['read_file'] },
    { intent: 'add the numbers', args: { expression: '1 + 2' }, tools: ['files/calculator'] },
    { intent: 'write b.txt', args: { path: 'b.txt', text: '3' }, tools: ['write_file'] },
  ],
  check: { kind: 'answer', expected: 3 },
});

describe('deferred loading scores', () => {
  it('counts the plan steps whose labelled tool a search returned, and the description tokens given against all of them', () => {
    const deferred = deferredTools(TINY, { mode: 'bm25', k: 1 }, () => {});
    deferred.search('read file');
    deferred.search('arithmetic expression');
    const tokens = (names: string[], extra: Record<string, string> = {}) =>
      countDescriptionTokens({ ...extra, ...Object.fromEntries(TINY.tools.filter((t) => names.includes(t.name)).map((t) => [t.name, t.description])) });
    expect(deferredLoadingScores(task, TINY, deferred)).toEqual([
      // read_file and calculator were found (a label may name the server); write_file never was
      { name: 'labelled_steps_found', value: 2 },
      { name: 'labelled_steps', value: 3 },
      { name: 'loaded_tokens', value: tokens(['read_file', 'calculator'], { [deferred.tool.name]: deferred.tool.description }) },
      { name: 'all_tools_tokens', value: tokens(['read_file', 'write_file', 'calculator']) },
    ]);
  });

  it('records no found@k for a task without a plan', () => {
    const deferred = deferredTools(TINY, { mode: 'bm25', k: 1 }, () => {});
    const names = deferredLoadingScores({ ...task, plan: [] }, TINY, deferred).map((s) => s.name);
    expect(names).toEqual(['loaded_tokens', 'all_tools_tokens']);
  });
});
