import { describe, expect, it } from 'vitest';
import { addedWords } from '../../../../optimizer/search/report/added-words.ts';
import type { Task } from '../../../../src/suite/schema.ts';

const task = (id: string, split: Task['split'], intent: string): Task =>
  ({ id, split, prompt: intent, plan: [{ intent, args: {}, tools: ['t'] }], check: { kind: 'selection' } }) as unknown as Task;

describe('addedWords', () => {
  const tasks = [task('a', 'train', 'read the pancake recipe'), task('b', 'train', 'read the road trip log'), task('c', 'test', 'open the training log')];

  it('lists the stems the winner added and those only training tasks use', () => {
    const words = addedWords({ read: 'Read a file.' }, { read: 'Read a file. Use it for logs, recipes and pancakes.' }, tasks);
    expect(words.added).toEqual(['log', 'pancak', 'recip', 'us']);
    expect(words.trainOnly).toEqual(['pancak', 'recip']);
  });

  it('counts nothing when the winner adds no word', () => {
    expect(addedWords({ read: 'Read a file.' }, { read: 'Reads a file.' }, tasks)).toEqual({ added: [], trainOnly: [] });
  });
});
