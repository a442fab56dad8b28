import { describe, expect, it } from 'vitest';
import { countCues } from '../../../../src/text/cues.ts';
import { Rng } from '../../../../optimizer/engine/rng.ts';
import type { EpisodeView } from '../../../../optimizer/mcp/reflection.ts';
import {
  addAccepted,
  addClaim,
  addExample,
  describeParameters,
  describeUse,
  EDIT_OPERATORS,
  pointToSibling,
  pruneUse,
  quoteLimit,
  removeClaim,
  shorten,
  stateNotFor,
  stateReturns,
  trimUse,
  type EditOperator,
} from '../../../../optimizer/proposers/sim/operators.ts';
import { NOT_EXECUTED_RESULT } from '../../../../src/text/tdo-text.ts';
import { call, CONVERT_STEP, READ_STEP, record } from '../records.ts';

const rng = () => new Rng(1);
const apply = (operator: EditOperator, text: string, views: EpisodeView[], seed = 1) =>
  operator.apply({ text, views, rng: new Rng(seed), siblings: [], component: 'convert' });
/** What an operator writes over many seeds ('' when it had no material). */
const texts = (operator: EditOperator, text: string, views: EpisodeView[], seeds = 30) =>
  Array.from({ length: seeds }, (_, seed) => apply(operator, text, views, seed)?.text ?? '');
/** A task whose one step the labels give to the tool being rewritten. */
const own = (task: string, intent: string) => record({ task, steps: [{ intent, tools: ['convert'], forComponent: true }] });

describe('describe-use', () => {
  const views = [own('a', 'how many grams is 12 ounces'), own('b', 'convert 3 ounces to grams'), own('c', 'convert the jacket sizes')];

  it('writes one sentence of job words by kind, never a list of the request words', () => {
    for (const text of texts(describeUse, 'Convert a value from one unit to another.', views)) {
      expect(text).toMatch(
        /^Convert a value from one unit to another\. Use it (?:when asked to [a-z ,]+ units(?: such as [a-z ,]+)?|for questions about [a-z ,]+)\.$/,
      );
      expect(text).not.toMatch(/:/);
    }
  });

  it("names a noun only when it recurs across tasks, units too: one request's nouns stay out", () => {
    const made = texts(describeUse, 'Convert a value from one unit to another.', [...views, own('d', 'change 8 lb to kilos')]).join(' ');
    expect(made).toMatch(/grams|ounces/);
    expect(made).not.toMatch(/jacket|sizes|kilos/);
  });

  it("names a verb only when it recurs across tasks: one request's wording stays out", () => {
    const worded = [own('a', 'work out 12 ounces in grams'), own('b', 'convert 3 ounces to grams'), own('c', 'convert 5 pounds to kilograms')];
    const made = texts(describeUse, 'Convert a value from one unit to another.', worded).join(' ');
    expect(made).toMatch(/asked to convert/);
    expect(made).not.toMatch(/work out/);
  });

  it('rewrites the sentence it wrote before instead of adding a second one', () => {
    const once = apply(describeUse, 'Convert a value from one unit to another.', views)!.text;
    const twice = apply(describeUse, once, views, 2)?.text ?? once;
    expect(twice.match(/Use it/g)).toHaveLength(1);
  });

  it('never borrows the jobs of tasks the tool was passed over for', () => {
    const passedOver = [
      record({ task: 'a', steps: [{ ...READ_STEP, intent: 'check the road trip log' }] }),
      record({ task: 'b', steps: [{ ...READ_STEP, intent: 'check the training log' }] }),
      own('c', 'how many grams is 12 ounces'),
    ];
    for (const text of texts(describeUse, 'Convert a value from one unit to another.', passedOver, 60)) expect(text).not.toMatch(/logs|check/);
  });

  it('has nothing to say without steps of its own', () => {
    expect(apply(describeUse, 'Convert a value.', [record({ steps: [READ_STEP] })])).toBeUndefined();
  });
});

describe('describe-use and the files a tool was given', () => {
  it('names the kinds of file its calls that worked were given, by the last word of the name', () => {
    const views = ['a', 'b'].map((task) =>
      record({
        task,
        steps: [{ intent: 'look at the road trip log', tools: ['convert'], forComponent: true }],
        calls: [call({ args: '{"path":"road-trip-log.txt"}', output: 'Day 1 ...' })],
      }),
    );
    const made = texts(describeUse, 'Read a text file.', views).join(' ');
    expect(made).toMatch(/files such as logs/);
    expect(made).not.toMatch(/road|trip/);
  });
});

describe('prune-use and trim-use', () => {
  it('prune-use takes out job words that these episodes tie to other tools only', () => {
    const views = [record({ steps: [READ_STEP, { intent: 'convert 3 ounces to grams', tools: ['convert'], forComponent: true }] })];
    expect(apply(pruneUse, 'Convert a value. Use it when asked to convert or look at values such as logs and grams.', views)?.text).toBe(
      'Convert a value. Use it when asked to convert values such as grams.',
    );
    expect(apply(pruneUse, 'Convert a value. Use it when asked to convert values such as grams.', views)).toBeUndefined();
  });

  it('trim-use drops one word, and the sentence with its last noun', () => {
    expect(new Set(texts(trimUse, 'Convert. Use it for questions about grams and ounces.', []))).toEqual(
      new Set(['Convert. Use it for questions about grams.', 'Convert. Use it for questions about ounces.']),
    );
    expect(apply(trimUse, 'Convert. Use it for questions about grams. Fast.', [])?.text).toBe('Convert. Fast.');
    expect(apply(trimUse, 'Convert.', [])).toBeUndefined();
  });
});

describe('state-not-for', () => {
  it('names the job of the tool that was right where this one failed, by the tool name', () => {
    const failed = record({ usedComponent: true, steps: [{ ...READ_STEP, tools: ['read_file'] }] });
    expect(apply(stateNotFor, 'Convert a value.', [failed])?.text).toBe('Convert a value. It does not read files; use read_file instead.');
    const more = record({ usedComponent: true, steps: [{ ...READ_STEP, tools: ['list_directory'] }] });
    expect(apply(stateNotFor, 'Convert a value. It does not read files; use read_file instead.', [more])?.text).toBe(
      'Convert a value. It does not read files or list directories; use read_file or list_directory instead.',
    );
    // a name that states no job (no verb, or no object) is never the one to use instead: "work as a calculator" says nothing a reviewer can check
    const calculator = record({ usedComponent: true, steps: [{ ...READ_STEP, tools: ['calculator'] }] });
    expect(apply(stateNotFor, 'Convert a value.', [calculator])).toBeUndefined();
  });

  it("names the step's first tool only: later labels are alternatives that also work", () => {
    const failed = record({ usedComponent: true, steps: [{ ...READ_STEP, tools: ['calculator', 'smart_compute'] }] });
    for (const text of texts(stateNotFor, 'Convert a value.', [failed])) expect(text).not.toContain('smart_compute');
  });

  it("writes a label's tool as its own server names it, never another server's tool, and never a bare verb as the job", () => {
    // split_bill of the money server went wrong where convert (money/convert) and calc/percentage were right
    const failed = (tools: string[]) =>
      record({
        usedComponent: true,
        calls: [call({ name: 'split_bill', server: 'money' })],
        steps: [{ ...READ_STEP, tools }],
      });
    expect(apply(stateNotFor, 'Split a bill.', [failed(['money/convert'])])).toBeUndefined();
    expect(apply(stateNotFor, 'Split a bill.', [failed(['money/read_file'])])?.text).toBe('Split a bill. It does not read files; use read_file instead.');
    // a seller's own open_negotiation is not another seller's: naming it would make the sentence false
    expect(apply(stateNotFor, 'Split a bill.', [failed(['calc/percentage'])])).toBeUndefined();
    for (const text of texts(stateNotFor, 'Split a bill.', [failed(['calc/percentage']), failed(['money/convert'])])) expect(text).not.toMatch(/\//);
  });

  it("names another tool's job in the words of that tool's whole name, never a noun cut from it", () => {
    const chosenFor = (tool: string) => record({ usedComponent: true, steps: [{ ...READ_STEP, tools: [tool] }] });
    expect(apply(stateNotFor, 'Create an issue.', [chosenFor('add_issue_comment')])?.text).toBe(
      'Create an issue. It does not add issue comments; use add_issue_comment instead.',
    );
    expect(apply(stateNotFor, 'Create a pull request.', [chosenFor('create_pull_request_review')])?.text).toBe(
      'Create a pull request. It does not create pull request reviews; use create_pull_request_review instead.',
    );
    // never a job this tool's own description claims: "does not read text files" would be false of read_file
    const reader = stateNotFor.apply({ text: 'Read a file.', views: [chosenFor('read_text_file')], rng: rng(), siblings: [], component: 'read_file' });
    expect(reader).toBeUndefined();
  });

  it('says nothing without an episode in which this tool was chosen for a step the labels give the other tool', () => {
    // its own step only, called once: nothing shows it was chosen for the other step
    const ownAndOther = record({
      usedComponent: true,
      calls: [call()],
      steps: [CONVERT_STEP, { ...READ_STEP, tools: ['read_file'] }],
    });
    expect(apply(stateNotFor, 'Convert a value.', [ownAndOther])).toBeUndefined();
    // called twice with one step of its own: one call went to the other step
    expect(apply(stateNotFor, 'Convert a value.', [{ ...ownAndOther, calls: [call(), call()] }])?.text).toMatch(/use read_file instead/);
    // no trajectory: nothing was chosen
    expect(
      apply(stateNotFor, 'Convert a value.', [record({ observed: false, usedComponent: false, steps: [{ ...READ_STEP, tools: ['read_file'] }] })]),
    ).toBeUndefined();
  });

  it('says nothing from tasks that succeeded or in which the tool was not called', () => {
    expect(apply(stateNotFor, 'Convert a value.', [record({ steps: [READ_STEP] })])).toBeUndefined();
    expect(apply(stateNotFor, 'Convert a value.', [record({ usedComponent: true, success: true, steps: [READ_STEP] })])).toBeUndefined();
  });
});

describe('what its errors and results say', () => {
  const erred = (output: string, overrides = {}) => record({ calls: [call({ output, isError: true, ...overrides })], usedComponent: true });

  it('quote-limit quotes what an error says the tool only takes, as "It"', () => {
    const views = [erred("Unexpected character 'n' at position 0. calculator only takes numbers and + - * / ** ( ).", { name: 'calculator' })];
    expect(apply(quoteLimit, 'Compute.', views)?.text).toBe('Compute. It only takes numbers and + - * / ** ( ).');
    expect(apply(quoteLimit, 'Compute.', [erred('Division by zero. Check the divisor.')])).toBeUndefined();
  });

  it("add-accepted states an enumeration of valid values in prose, under the error's own label", () => {
    const views = [erred("Unknown unit 'x'. Supported time units: ms, s, min, h, day, week.")];
    expect(apply(addAccepted, 'Convert a value.', views)?.text).toBe('Convert a value. Supported time units: ms, s, min, h, day and week.');
  });

  it('add-accepted takes no file listing, no prose, nothing of other tools or of results', () => {
    for (const views of [
      [erred("File 'x' not found. Files in the workspace: road-trip-log.txt, notes.txt, reading-list.txt.")],
      [erred('Invalid input: expected number, received undefined')],
      [record({ calls: [call({ output: 'Supported: a, b, c, d.' })] })],
      [erred('Supported: a1, b2, c3, d4.', { component: false })],
    ]) {
      expect(apply(addAccepted, 'Convert a value.', views)).toBeUndefined();
    }
  });

  it('state-returns says what the calls that worked returned, by form', () => {
    expect(apply(stateReturns, 'Convert.', [record({ calls: [call()] })])?.text).toBe('Convert. It returns a number followed by its unit.');
    expect(apply(stateReturns, 'Add.', [record({ calls: [call({ output: '42' })] })])?.text).toBe('Add. It returns the result as a plain number.');
    expect(apply(stateReturns, 'Read.', [record({ calls: [call({ output: 'a long\nfile' })] })])?.text).toMatch(/returns the text itself/);
  });

  it('add-example takes a call with a short answer and never copies a long result', () => {
    expect(apply(addExample, 'Convert.', [record({ calls: [call()] })])?.text).toBe('Convert. For example, {"value":12} returns 340.19 g.');
    expect(
      apply(addExample, 'Read.', [record({ calls: [call({ output: 'November budget - the Okafor household, all the bills and more' })] })]),
    ).toBeUndefined();
    expect(apply(addExample, 'Read.', [record({ calls: [call({ output: 'line one\nline two' })] })])).toBeUndefined();
  });

  it("add-example quotes only calls whose words came up in two tasks or more: one request's values stay out", () => {
    const inches = call({ args: '{"value":70,"from":"in","to":"cm"}', output: '177.8 cm' });
    const miles = (task: string, value: number) =>
      record({ task, calls: [call({ args: `{"value":${value},"from":"mi","to":"km"}`, output: `${value * 1.6} km` })] });
    expect(apply(addExample, 'Convert.', [record({ task: 'a', calls: [inches] }), record({ task: 'b', calls: [call()] })])?.text).toBe(
      'Convert. For example, {"value":12} returns 340.19 g.',
    );
    const made = texts(addExample, 'Convert.', [record({ task: 'a', calls: [inches] }), miles('b', 2), miles('c', 5)]);
    expect(made.every((t) => /"from":"mi","to":"km"/.test(t))).toBe(true);
  });
});

describe('claims and shortening', () => {
  it('add-claim adds an assertive cue, remove-claim takes one out', () => {
    const claimed = addClaim.apply({ text: 'Convert a value.', views: [], rng: rng(), siblings: [], component: 'convert' })!.text;
    const cues = countCues(claimed);
    expect(cues.endorsement + cues.socialProof + cues.maintenance).toBeGreaterThan(0);
    expect(removeClaim.apply({ text: claimed, views: [], rng: rng(), siblings: [], component: 'convert' })?.text).toBe('Convert a value.');
  });

  it('shorten drops a sentence but never the first nor one that states a limit', () => {
    expect(apply(shorten, 'One. Two. Three.', [])?.text.split('. ')).toHaveLength(2);
    expect(apply(shorten, 'One.', [])).toBeUndefined();
    for (const text of texts(
      shorten,
      'Evaluate an expression. Numbers and + - * / ** only. Returns at most 4000 characters. It does not read files. Fast.',
      [],
    )) {
      expect(text).toBe('Evaluate an expression. Numbers and + - * / ** only. Returns at most 4000 characters. It does not read files.');
    }
  });
});

describe('the operator set', () => {
  it('has unique names and covers every edit kind', () => {
    expect(new Set(EDIT_OPERATORS.map((o) => o.name)).size).toBe(EDIT_OPERATORS.length);
    expect(new Set(EDIT_OPERATORS.map((o) => o.kind))).toEqual(new Set(['use-for', 'not-for', 'accepts', 'add-claim', 'remove-claim', 'example', 'tighten']));
  });
});

describe('material beyond the trajectories: selection-only calls, the input schema, the sibling tools', () => {
  it('add-example never quotes a call that was not executed or that has no arguments, nor an empty answer', () => {
    for (const c of [
      call({ output: NOT_EXECUTED_RESULT }),
      call({ args: '{}' }),
      call({ args: '{"names":[]}' }),
      call({ args: '{"value":12,"unit":"g... [truncated]' }),
      call({ output: '[]' }),
      call({ output: '' }),
    ]) {
      expect(apply(addExample, 'Read the board', [record({ task: 'a', calls: [c] }), record({ task: 'b', calls: [c] })]), c.args + c.output).toBeUndefined();
    }
  });

  it('state-returns reads nothing into a placeholder result, and says when the results were JSON', () => {
    expect(apply(stateReturns, 'Read the board', [record({ calls: [call({ output: NOT_EXECUTED_RESULT })] })])).toBeUndefined();
    expect(apply(stateReturns, 'Read the board', [record({ calls: [call({ output: '{"tasks":[]}' })] })])?.text).toBe(
      'Read the board. It returns its result as JSON.',
    );
  });

  const schema = {
    type: 'object',
    properties: {
      taskIds: { type: 'array', description: 'An array of task ids to delete' },
      dryRun: { type: 'boolean', description: 'If true, reports what would go without deleting it.' },
      mode: { type: 'string' },
    },
    required: ['taskIds'],
  };
  const withSchema = (operator: EditOperator, text: string, inputSchema: unknown, views: EpisodeView[] = [], siblings: string[] = []) =>
    operator.apply({ text, views, rng: new Rng(1), siblings, component: 'delete_tasks', inputSchema });

  it("describe-parameters states the schema's parameters with their own descriptions, with no train task at all", () => {
    expect(withSchema(describeParameters, 'Delete multiple tasks from the task board', schema)?.text).toBe(
      'Delete multiple tasks from the task board. It takes the argument `taskIds` (an array of task ids to delete), and optionally `dryRun` (if true, reports what would go without deleting it) or `mode`.',
    );
    expect(withSchema(describeParameters, 'Delete tasks.', { properties: { query: { description: 'The search query' } } })?.text).toBe(
      'Delete tasks. It optionally takes the argument `query` (the search query).',
    );
  });

  it("describe-parameters states what the schema says of a parameter's values: its enumeration, format and range", () => {
    const typed = {
      properties: {
        unit: { type: 'string', enum: ['ms', 's', 'min'], description: 'The unit' },
        due: { type: 'string', format: 'date-time' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
      },
      required: ['unit'],
    };
    expect(withSchema(describeParameters, 'Delete tasks.', typed)?.text).toBe(
      'Delete tasks. It takes the argument `unit` (the unit; one of ms, s or min), and optionally `due` (a date-time) or `limit` (from 1 to 100).',
    );
    // values typed otherwise than JSON Schema says are left out, and the parameter is still named
    expect(withSchema(describeParameters, 'Delete tasks.', { properties: { limit: { minimum: '1', enum: 'a', format: 5 } } })?.text).toBe(
      'Delete tasks. It optionally takes the argument `limit`.',
    );
  });

  it('describe-parameters adds nothing without a schema, with a schema it cannot read, or when the text names every parameter', () => {
    expect(withSchema(describeParameters, 'Delete tasks.', undefined)).toBeUndefined();
    expect(withSchema(describeParameters, 'Delete tasks.', { properties: 'none' })).toBeUndefined();
    expect(withSchema(describeParameters, 'Delete tasks.', { type: 'object' })).toBeUndefined();
    expect(withSchema(describeParameters, 'Delete the tasks in taskIds; dryRun and mode are optional.', schema)).toBeUndefined();
  });

  it('point-to-sibling names the tool that does something else to the same things, never one doing the same', () => {
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
