import { afterEach, describe, expect, it } from 'vitest';
import { draftJson, renderDraft } from '../../../cli/format/suite-draft.ts';
import { planSuiteDraft } from '../../../src/suite-draft/traffic/draft.ts';
import type { TraceStore } from '../../../traces/index.ts';
import { freshStore, importedRun, proxyRun } from '../../src/suite-draft/traffic/recorded-runs.ts';

let store: TraceStore;
afterEach(() => store.close());

describe('what tdo suite draft says about its draft', () => {
  it('counts the tasks per tool and split, names the tools with none at all and per split, and the marks left', () => {
    store = freshStore();
    const sums = ['What is 2 plus 2?', "what's 2 plus 2", 'What is 3 plus 3?'].map((request, i) => ({
      request,
      calls: [{ tool: 'calculator', args: { expression: i === 2 ? '3+3' : '2+2' } }],
      answer: 'done',
    }));
    const lab = importedRun(store, 'lab', [...sums, { calls: [{ tool: 'calculator', args: {} }] }]);
    const tasks = proxyRun(store, 'tasks', [{ tool: 'list_requests', args: {} }], { list_requests: 'Lists.', delete_task: 'Deletes.' });
    const plan = planSuiteDraft(store, [lab, tasks]);
    const text = renderDraft(plan, 'suites/d.yaml', 6);
    expect(text.split('\n')).toEqual([
      'wrote suites/d.yaml: 3 tasks from 4 recorded episodes in 2 runs (1 request merged into an earlier task as the same calls asked in nearly the same words)',
      'left out: 1 episode with no user request in its model calls',
      'tasks per tool and split (train/val/test/paraphrase):',
      '  lab/calculator: 1/1/0/0',
      '  tasks/list_requests: 1/0/0/0',
      '  tasks/delete_task: 0/0/0/0',
      'no task at all (the server lists it, no run called it): tasks/delete_task',
      'no task in train: tasks/delete_task',
      'no task in val: tasks/list_requests, tasks/delete_task',
      'no task in test: lab/calculator, tasks/list_requests, tasks/delete_task',
      'no task in paraphrase: lab/calculator, tasks/list_requests, tasks/delete_task',
      'next: replace the 6 values marked "FILL:" in suites/d.yaml (`tdo run` names each one left), check each plan is what the agent should have done, then',
      '  tdo run --suite suites/d.yaml',
      '',
    ]);
    expect(draftJson(plan, 'suites/d.yaml', 6)).toMatchObject({
      tasks: 3,
      requests: 4,
      merged: 1,
      leftOut: { withoutRequest: 1, withoutCalls: 0 },
      target: 'lab',
    });
  });
});
