import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../../optimizer/engine/rng.ts';
import { pointToSibling } from '../../../../../optimizer/proposers/sim/operators/point-to-sibling.ts';
import { withSchema } from './apply-operator.ts';

describe('point-to-sibling', () => {
  it('names the tool that does something else to the same things, never one doing the same', () => {
    const siblings = ['create_tasks', 'delete_notes', 'read_board', 'search_notes'];
    expect(withSchema(pointToSibling, 'Delete multiple tasks from the task board', undefined, [], siblings)?.text).toBe(
      'Delete multiple tasks from the task board. To create tasks, use create_tasks instead.',
    );
    // a sibling is never said not to be this tool's job without an episode that shows the confusion
    expect(withSchema(pointToSibling, 'Delete multiple tasks from the task board', undefined, [], siblings)?.text).not.toMatch(/does not/);
    // a sibling its own description calls deprecated is never pointed to
    const deprecated = pointToSibling.apply({
      text: 'Write a file.',
      views: [],
      rng: new Rng(1),
      siblings: ['read_file'],
      component: 'write_file',
      texts: { read_file: 'Read a file. DEPRECATED: Use read_text_file instead.' },
    });
    expect(deprecated).toBeUndefined();
    const reader = pointToSibling.apply({
      text: 'Read a file.',
      views: [],
      rng: new Rng(1),
      siblings: ['read_multiple_files', 'list_directory'],
      component: 'read_file',
    });
    expect(reader).toBeUndefined();
  });
});
