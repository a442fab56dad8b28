import { describe, expect, it } from 'vitest';
import { classSignals, stepClass, toolClasses } from '../../../../src/agents/sim/action-class.ts';
import { contradicts } from '../../../../src/agents/sim/actions/classes.ts';

describe('stepClass (what a request asks for, from its form and its verbs)', () => {
  it('reads a question as a request to read, whatever nouns or verbs follow', () => {
    for (const intent of ['Is PR #93 mergeable?', 'What does issue #42 say?', 'Which tables are in this database?', 'When was it made?'])
      expect(stepClass(intent), intent).toBe('read');
    expect(stepClass('Carry on with request 7: which task comes next?')).toBe('read');
  });

  it('reads an imperative by its opening verb, after politeness, a phrasal verb read whole', () => {
    expect(stepClass('Show me the README')).toBe('read');
    expect(stepClass('Please delete task 11.')).toBe('delete');
    expect(stepClass('Can you merge PR 93?')).toBe('merge');
    expect(stepClass('Get rid of the duplicate task.')).toBe('delete');
    expect(stepClass('Set up a table for coupons.')).toBe('create');
    expect(stepClass('Look up every test file.')).toBe('search');
    expect(stepClass('Booking the movers is finished; tick it off.')).toBe('update');
  });

  it('reads a phrasal verb the table does not list by its head verb, and one it lists as listed', () => {
    expect(stepClass('Wipe out the old reviews.')).toBe('delete');
    expect(stepClass('Print out the report.')).toBe('read');
    expect(stepClass('Add up these amounts.')).toBe('compute');
  });

  it('reads "give" and "let" as reading only when addressed to the asker', () => {
    expect(stepClass('Give me the next pending task.')).toBe('read');
    expect(stepClass('Give their table a phone column.')).toBeUndefined();
  });

  it('takes a request put as a question by its verb, and an imperative only in its base form', () => {
    expect(stepClass('Do you have any meme templates I can use?')).toBeUndefined();
    expect(stepClass('How can I create a meme about remote work?')).toBeUndefined();
    expect(stepClass('I am in London, United Kingdom. Tell me the weather.')).toBe('read');
  });

  it('reads "no longer" and "is wrong" as asking to change what exists, when no verb decides', () => {
    expect(stepClass('The coupons table is no longer used')).toBe('change');
    expect(stepClass("Ana's email is wrong")).toBe('change');
    expect(stepClass('Drop the coupons table, we no longer run promotions.')).toBe('delete');
  });

  it('does not split a file name into clauses', () => {
    expect(stepClass('In README.md, change the heading.')).toBe('update');
  });

  it('leaves a request without a sure action unclassed', () => {
    expect(stepClass('Task 12 is complete')).toBeUndefined();
    expect(stepClass('')).toBeUndefined();
  });
});

describe('toolClasses (what a tool does, from its name)', () => {
  it('reads the opening verb of the name, and verbs joined to it', () => {
    expect(toolClasses('create_repository')).toEqual(['create']);
    expect(toolClasses('get_next_task')).toEqual(['read']);
    expect(toolClasses('list-tables')).toEqual(['list']);
    expect(toolClasses('create_or_update_file')).toEqual(['create', 'update']);
    expect(toolClasses('mergePullRequest')).toEqual(['merge']);
  });

  it("reads a dotted name's method and a prefixed name's run, not its domain", () => {
    expect(toolClasses('games.update.find')).toEqual(['search']);
    expect(toolClasses('Travel_1_FindAttractions')).toEqual(['search']);
    expect(toolClasses('duck_duck_go.search')).toEqual(['search']);
  });

  it('skips one word naming the server before the verb, when the verb is in its base form', () => {
    expect(toolClasses('git_push')).toEqual(['send']);
    expect(toolClasses('git_show')).toEqual(['read']);
    expect(toolClasses('docker-remove')).toEqual(['delete']);
    expect(toolClasses('browser_take_screenshot')).toEqual([]);
    expect(toolClasses('avg_closing_price')).toEqual([]);
  });

  it('gives a name without an opening verb no class', () => {
    expect(toolClasses('directory_tree')).toEqual([]);
    expect(toolClasses('LawTool')).toEqual([]);
    expect(toolClasses('compound_interest')).toEqual([]);
  });
});

describe('contradicts and classSignals', () => {
  it('sets reads against writes and adding against removing, and running against neither', () => {
    expect(contradicts('read', 'create')).toBe(true);
    expect(contradicts('delete', 'list')).toBe(true);
    expect(contradicts('delete', 'create')).toBe(true);
    expect(contradicts('change', 'create')).toBe(true);
    expect(contradicts('update', 'delete')).toBe(false);
    expect(contradicts('read', 'search')).toBe(false);
    expect(contradicts('read', 'run')).toBe(false);
    expect(contradicts('compute', 'convert')).toBe(false);
  });

  it('gates the tools that contradict the step, only when another tool fits, never one whose action is unread', () => {
    const catalogue = [['create_repository'], ['get_file_contents'], ['merge_pull_request'], [], ['create_or_update_file']].map((names) =>
      names.flatMap(toolClasses),
    );
    expect(classSignals('Show me the README', catalogue).conflict).toEqual([1, 0, 1, 0, 1]);
    expect(classSignals('Show me the README', [toolClasses('create_repository'), toolClasses('merge_pull_request')]).conflict).toEqual([0, 0]);
    expect(classSignals('Task 12 is complete', catalogue)).toEqual({ conflict: [0, 0, 0, 0, 0], fit: [0, 0, 0, 0, 0] });
  });

  it('marks the tools that do just what the step asks: a change an update or a delete, a question any tool that reads', () => {
    const catalogue = ['create_task', 'update_task', 'delete_task', 'list_tasks', 'search_tasks'].map(toolClasses);
    expect(classSignals('Rename task 4', catalogue).fit).toEqual([0, 1, 0, 0, 0]);
    expect(classSignals('The title of task 2 is wrong', catalogue).fit).toEqual([0, 1, 1, 0, 0]);
    expect(classSignals('Which tasks are open?', catalogue).fit).toEqual([0, 0, 0, 1, 1]);
    expect(classSignals('List my tasks', catalogue).fit).toEqual([0, 0, 0, 1, 0]);
  });
});
