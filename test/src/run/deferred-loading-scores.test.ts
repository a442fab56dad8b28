import { describe, expect, it } from 'vitest';
import { countDescriptionTokens } from '../../../traces/index.ts';
import { deferredTools } from '../../../src/host/tool-search-session.ts';
import { deferredLoadingScores } from '../../../src/run/deferred-loading-scores.ts';
import { taskSchema } from '../../../src/suite/schema.ts';
import { TINY } from '../catalogue/tool-search/catalogue.ts';

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
      // k is 1: each found tool was its search's first result
      { name: 'labelled_steps_ranked_first', value: 2 },
      { name: 'labelled_steps_rank_sum', value: 2 },
      { name: 'loaded_tokens', value: tokens(['read_file', 'calculator'], { [deferred.tool.name]: deferred.tool.description }) },
      { name: 'all_tools_tokens', value: tokens(['read_file', 'write_file', 'calculator']) },
    ]);
  });

  it('scores each found step at the best rank any search gave one of its tools', () => {
    const deferred = deferredTools(TINY, { mode: 'regex', k: 3 }, () => {});
    // "(?i)file" matches three fields of read_file and of write_file (name, description, the path's description):
    // a tie, kept in catalogue order, so read_file ranks 1 and write_file 2; "(?i)express" matches calculator only
    deferred.search('(?i)file');
    deferred.search('(?i)express');
    const rankScores = () => deferredLoadingScores(task, TINY, deferred).filter((s) => s.name.startsWith('labelled_steps'));
    expect(rankScores()).toEqual([
      { name: 'labelled_steps_found', value: 3 },
      { name: 'labelled_steps', value: 3 },
      { name: 'labelled_steps_ranked_first', value: 2 },
      { name: 'labelled_steps_rank_sum', value: 1 + 1 + 2 },
    ]);
    // a later search that ranks write_file first improves its step's rank; a worse rank never replaces a better one
    deferred.search('(?i)write');
    deferred.search('(?i)file');
    expect(rankScores().slice(2)).toEqual([
      { name: 'labelled_steps_ranked_first', value: 3 },
      { name: 'labelled_steps_rank_sum', value: 3 },
    ]);
  });

  it('records no found@k for a task without a plan', () => {
    const deferred = deferredTools(TINY, { mode: 'bm25', k: 1 }, () => {});
    const names = deferredLoadingScores({ ...task, plan: [] }, TINY, deferred).map((s) => s.name);
    expect(names).toEqual(['loaded_tokens', 'all_tools_tokens']);
  });
});
