import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { planSuiteDraft, writeSuiteDraft } from '../../../../src/suite-draft/traffic/draft.ts';
import { unfilledFields } from '../../../../src/suite/scaffold.ts';
import { suiteSchema } from '../../../../src/suite/schema.ts';
import type { TraceStore } from '../../../../traces/index.ts';
import { fillMarks } from '../../../support/fill-marks.ts';
import { freshStore, importedRun, proxyRun, type Episode } from './recorded-runs.ts';

let store: TraceStore;
afterEach(() => store?.close());

const times = (request: string, expression = '12*7'): Episode => ({ request, calls: [{ tool: 'calculator', args: { expression } }], answer: '84' });

describe('merging requests', () => {
  it('merges a request asked again with the same calls in nearly the same words, and keeps its wordings in the file', () => {
    store = freshStore();
    const run = importedRun(store, 'lab', [times('What is 12 times 7?'), times("what's 12 times 7"), times('What is 12 times 7?')]);
    const plan = planSuiteDraft(store, [run]);
    expect([plan.tasks.length, plan.requests, plan.merged]).toEqual([1, 3, 2]);
    expect(plan.tasks[0]).toMatchObject({ request: 'What is 12 times 7?', variants: ["what's 12 times 7"] });
    const { yaml } = writeSuiteDraft(plan, 'draft', 'suite.schema.json');
    expect(yaml).toContain(`#   "what's 12 times 7"`);
    expect(yaml).toMatch(/merged here; 3 episodes in all/);
  });

  it('keeps apart the same words with other arguments, and the same calls in other words (the latter as a paraphrase)', () => {
    store = freshStore();
    const run = importedRun(store, 'lab', [times('What is 12 times 7?'), times('What is 13 times 7?', '13*7'), times('Multiply twelve by seven for me')]);
    const plan = planSuiteDraft(store, [run]);
    expect(plan.merged).toBe(0);
    expect(plan.tasks.map((t) => [t.id, t.split, t.rewords])).toEqual([
      ['12-times-7', 'train', undefined],
      ['13-times-7', 'val', undefined],
      ['multiply-twelve-seven', 'paraphrase', '12-times-7'],
    ]);
  });

  it('keeps a request the agent answered with other calls as a task of its own, its comment naming the first', () => {
    store = freshStore();
    const wrong: Episode = { request: 'What is 12 times 7?', calls: [{ tool: 'read_file', args: { path: '12x7' } }] };
    const plan = planSuiteDraft(store, [importedRun(store, 'lab', [times('What is 12 times 7?'), wrong])]);
    expect(plan.tasks.map((t) => [t.id, t.sameRequestAs])).toEqual([
      ['12-times-7', undefined],
      ['12-times-7-2', '12-times-7'],
    ]);
    expect(writeSuiteDraft(plan, 'draft', 'suite.schema.json').yaml).toContain(
      'Nearly the same request as task 12-times-7, which the agent answered with other calls: keep the plan that is right.',
    );
  });

  it('never merges proxy sessions, which carry no words, but sends a repeated one to paraphrase', () => {
    store = freshStore();
    const calls = [{ tool: 'request_planning', args: { originalRequest: 'move' } }];
    const plan = planSuiteDraft(store, [proxyRun(store, 'tasks', calls), proxyRun(store, 'tasks', calls)]);
    expect(plan.tasks.map((t) => [t.id, t.split, t.request])).toEqual([
      ['tasks-session', 'train', undefined],
      ['tasks-session-2', 'paraphrase', undefined],
    ]);
  });
});

describe('splits and counts', () => {
  it("spreads each tool's tasks over train, val, test and train again, in the order the requests came, and counts them per tool", () => {
    store = freshStore();
    const sums = [1, 2, 3, 4, 5].map((n) => times(`What is ${n} plus ${n}?`, `${n}+${n}`));
    const convert: Episode = { request: 'Convert 5 miles to km', calls: [{ tool: 'convert_units', args: { value: 5, from: 'mi', to: 'km' } }] };
    const plan = planSuiteDraft(store, [importedRun(store, 'lab', [...sums, convert])]);
    expect(plan.tasks.map((t) => t.split)).toEqual(['train', 'val', 'test', 'train', 'train', 'train']);
    expect(plan.counts).toEqual([
      { tool: 'lab/calculator', tasks: { train: 3, val: 1, test: 1, paraphrase: 0 } },
      { tool: 'lab/convert_units', tasks: { train: 1, val: 0, test: 0, paraphrase: 0 } },
    ]);
    expect(plan.without).toEqual({ train: [], val: ['lab/convert_units'], test: ['lab/convert_units'], paraphrase: ['lab/calculator', 'lab/convert_units'] });
    // drafted again, the same splits
    expect(planSuiteDraft(store, [plan.runs[0]!.id]).tasks.map((t) => t.split)).toEqual(plan.tasks.map((t) => t.split));
  });

  it('counts a tool the server lists and no task calls as a tool with none, and leaves out calls that returned an error', () => {
    store = freshStore();
    const calls = [
      { tool: 'request_planning', args: { originalRequest: 'move' }, isError: true },
      { tool: 'request_planning', args: { originalRequest: 'move', tasks: [] } },
    ];
    const plan = planSuiteDraft(store, [proxyRun(store, 'tasks', calls, { request_planning: 'Plans.', get_next_task: 'Next.' })]);
    expect(plan.tasks[0]).toMatchObject({ leftOut: 1, calls: [{ tool: 'request_planning', args: { originalRequest: 'move', tasks: [] } }] });
    expect(plan.counts.map((c) => c.tool)).toEqual(['tasks/request_planning', 'tasks/get_next_task']);
    expect(plan.without.train).toEqual(['tasks/get_next_task']);
  });
});

describe('the file', () => {
  it('is a suite the schema accepts once its FILL marks are written, and does not load before', () => {
    store = freshStore();
    const twoSteps: Episode = {
      request: 'Read notes.txt and add up the numbers',
      calls: [
        { tool: 'read_file', args: { path: 'notes.txt' } },
        { tool: 'calculator', args: { expression: '1+2' } },
      ],
      answer: '3',
    };
    const plan = planSuiteDraft(store, [importedRun(store, 'lab', [times('What is 12 times 7?'), twoSteps])]);
    const draft = writeSuiteDraft(plan, 'draft', 'suite.schema.json');
    const raw = parse(draft.yaml) as Record<string, unknown>;
    // the lab server's start (unknown), both expected answers, the two steps' needs
    expect(unfilledFields(raw)).toHaveLength(draft.fills);
    expect(draft.fills).toBe(5);
    const suite = suiteSchema.parse(fillMarks(raw, () => 'written by the author'));
    expect(suite).toMatchObject({ name: 'draft', systemPrompt: 'You help with sums.', targetServer: 'lab' });
    expect(suite.tasks[0]).toMatchObject({ prompt: 'What is 12 times 7?', plan: [{ intent: 'What is 12 times 7?', tools: ['lab/calculator'] }] });
    expect(suite.tasks[1]!.plan.map((s) => s.tools[0])).toEqual(['lab/read_file', 'lab/calculator']);
  });

  it("takes a server's entry from the suite file an imported run ran when it is here, with ${SUITE_DIR} spelled out", () => {
    store = freshStore();
    const dir = mkdtempSync(join(tmpdir(), 'tdo-draft-suite-'));
    const suitePath = join(dir, 'agent.yaml');
    writeFileSync(suitePath, 'servers:\n  - name: lab\n    command: "${NODE}"\n    args: ["${SUITE_DIR}/lab.js"]\n  - other\n');
    const plan = planSuiteDraft(store, [importedRun(store, 'lab', [times('What is 12 times 7?')], suitePath)]);
    expect(plan.servers).toEqual([
      { name: 'lab', entry: { name: 'lab', command: '${NODE}', args: [`${dir}/lab.js`] }, from: `the suite file the run ran, ${suitePath}` },
    ]);
  });

  it("writes a proxy session's server as the proxy started it, arguments kept apart", () => {
    store = freshStore();
    const plan = planSuiteDraft(store, [proxyRun(store, 'tasks', [{ tool: 'list_requests', args: {} }])]);
    expect(plan.servers[0]!.entry).toEqual({ name: 'tasks', command: 'node', args: ['server.js', '--data', 'my dir'], cwd: '/srv' });
  });
});

describe('server names', () => {
  it('writes a proxy name a suite cannot hold (tdo proxy --name takes any text) with letters, digits, _ and - alone, in the entry and the labels', () => {
    store = freshStore();
    const plan = planSuiteDraft(store, [proxyRun(store, 'my files', [{ tool: 'list_requests', args: {} }])]);
    expect([plan.servers[0]!.name, plan.tasks[0]!.calls.map((c) => c.server), plan.target]).toEqual(['my-files', ['my-files'], 'my-files']);
    expect(() => writeSuiteDraft(plan, 'draft', 'suite.schema.json')).not.toThrow();
  });
});

describe('runs it cannot draft from', () => {
  it('names an unknown run, a run of another kind, and a run with no episodes or no requests', () => {
    store = freshStore();
    expect(() => planSuiteDraft(store, ['r-nope'])).toThrow(/no run "r-nope" in .*tdo\.db/);
    const suiteRun = store.createRun({
      kind: 'suite',
      settings: { options: { split: 'all', repeats: 1, seed: 0, concurrency: 1, versionIds: [] }, agent: {} },
      suite: 'lab',
      suitePath: 'lab.yaml',
      agent: 'sim',
      split: 'all',
      repeats: 1,
      seed: 0,
      concurrency: 1,
      versionIds: {},
    });
    expect(() => planSuiteDraft(store, [suiteRun.id])).toThrow(`run ${suiteRun.id} is a suite run of the suite "lab", whose tasks are written already`);
    expect(() => planSuiteDraft(store, [importedRun(store, 'lab', [])])).toThrow(/holds no episodes: there is nothing to draft from it/);
    const silent = importedRun(store, 'lab', [{ calls: [{ tool: 'calculator', args: {} }] }]);
    expect(() => planSuiteDraft(store, [silent])).toThrow(`run ${silent}: none of its 1 episode holds a user request`);
    const idle = importedRun(store, 'lab', [{ request: 'hello', calls: [] }]);
    expect(() => planSuiteDraft(store, [idle])).toThrow(`run ${idle}: none of its 1 episode made a tool call that returned a result`);
  });
});
