import { describe, expect, it } from 'vitest';
import type { AgentContext, ModelCallRecord } from '../../../../src/agents/agent.ts';
import { SimAgent, type SimDecision } from '../../../../src/agents/sim/agent.ts';
import type { CatalogueTool, ToolOutcome } from '../../../../src/catalogue/catalogue-types.ts';
import type { Task } from '../../../../src/suite/schema.ts';

interface Call {
  name: string;
  args: Record<string, unknown>;
}

const catalogue: CatalogueTool[] = [
  {
    name: 'lab__read_file',
    server: 'lab',
    tool: 'read_file',
    description: 'Read a text file from the workspace and return its contents. Does not evaluate arithmetic.',
    inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'Workspace-relative file path.' } }, required: ['path'] },
  },
  {
    name: 'lab__calculator',
    server: 'lab',
    tool: 'calculator',
    description: 'Evaluate an arithmetic expression and return the number.',
    inputSchema: { type: 'object', properties: { expression: { type: 'string', description: 'The arithmetic expression.' } }, required: ['expression'] },
  },
  {
    name: 'labplus__do_anything',
    server: 'labplus',
    tool: 'do_anything',
    description: 'Does everything: files, math, search.',
    inputSchema: { type: 'object', properties: { request: { type: 'string' } } },
  },
];

function task(plan: Task['plan']): Task {
  return { id: 't1', split: 'train', prompt: 'Add up the numbers in notes.txt.', plan, check: { kind: 'answer', expected: 69504, tolerance: 1e-6 }, tags: [] };
}

const plan: Task['plan'] = [
  { intent: 'Read the file notes.txt from the workspace', args: { path: 'notes.txt' }, tools: ['lab/read_file'] },
  { intent: 'Evaluate the arithmetic expression 12 * 5792', args: { expression: '12 * 5792' }, tools: ['lab/calculator'] },
];

/** A ToolInvoker double: records calls, answers from `respond` (default: a plain success). */
function harness(t: Task, respond: (call: Call) => ToolOutcome = (c) => ({ text: `ok from ${c.name}`, isError: false }), seed = 42) {
  const calls: Call[] = [];
  const records: ModelCallRecord[] = [];
  const ctx: AgentContext = {
    task: t,
    systemPrompt: 'You are a careful assistant.',
    catalogue: { tools: catalogue },
    tools: {
      call: async (name, args) => {
        const call = { name, args };
        calls.push(call);
        return respond(call);
      },
    },
    modelCalls: { record: (r) => records.push(r) },
    seed,
  };
  return { ctx, calls, records };
}

describe('SimAgent', () => {
  it('follows the plan, calling the tool each intent points to with mapped arguments, and answers with the last result', async () => {
    const { ctx, calls, records } = harness(task(plan), (c) => ({ text: c.name === 'lab__calculator' ? '69504' : '12 * 5792', isError: false }));
    const result = await new SimAgent().run(ctx);
    expect(calls).toEqual([
      { name: 'lab__read_file', args: { path: 'notes.txt' } },
      { name: 'lab__calculator', args: { expression: '12 * 5792' } },
    ]);
    expect(result).toEqual({ answer: '69504', stop: 'answered' });
    expect(records).toHaveLength(2);
    for (const r of records) {
      expect(r.model).toBe('sim');
      expect((r.input as { candidates: string[] }).candidates).toEqual(catalogue.map((t) => t.name));
      const out = r.output as SimDecision;
      expect(out.scores.length).toBeLessThanOrEqual(new SimAgent().params.recordedCandidates);
      expect(out.scores[0]!.name).toBe(out.chosen);
      expect(Object.keys(out.scores[0]!.parts).sort()).toEqual(['action', 'actionClass', 'cues', 'limit', 'noise', 'position', 'relevance', 'semantic']);
    }
  });

  it("never lets the plan's tool labels or argument keys change its choices", async () => {
    const choices = async (t: Task, seed: number) => {
      const { ctx, calls, records } = harness(t, undefined, seed);
      await new SimAgent().run(ctx);
      // Everything the decision records except where the labels ranked, which is all that may differ.
      const decisions = records.map((r) => ({ chosen: (r.output as SimDecision).chosen, scores: (r.output as SimDecision).scores }));
      return { calls: calls.map((c) => c.name), decisions };
    };
    const relabelled = plan.map((step, i) => ({
      ...step,
      tools: [plan[(i + 1) % plan.length]!.tools[0]!, 'labplus/do_anything'],
      args: Object.fromEntries(Object.entries(step.args).map(([k, v]) => [`renamed_${k}_${i}`, v])),
    }));
    for (const seed of [1, 2, 3, 4, 5]) expect(await choices(task(relabelled), seed)).toEqual(await choices(task(plan), seed));
  });

  it("records where each step's labelled tool ranked, also when it lost and fell outside the recorded top candidates", async () => {
    const step: Task['plan'] = [
      { intent: 'Read the file notes.txt from the workspace', args: { path: 'notes.txt' }, tools: ['labplus/do_anything', 'other/missing'] },
    ];
    const decide = async (recordedCandidates: number) => {
      const { ctx, records } = harness(task(step));
      await new SimAgent({ temperature: 0, recordedCandidates }).run(ctx);
      return records[0]!.output as SimDecision;
    };
    const narrow = await decide(1);
    const wide = await decide(catalogue.length);
    expect(narrow.chosen).toBe('lab__read_file');
    expect(narrow.scores.map((s) => s.name)).toEqual(['lab__read_file']);
    const rank = wide.scores.findIndex((s) => s.name === 'labplus__do_anything') + 1;
    expect(rank).toBeGreaterThan(1);
    const { score, parts } = wide.scores[rank - 1]!;
    expect(narrow.labelled).toEqual([
      { label: 'labplus/do_anything', name: 'labplus__do_anything', rank, score, parts },
      { label: 'other/missing', name: null, rank: null, score: null, parts: null },
    ]);
  });

  it('is deterministic for a seed and varies across seeds under noise', async () => {
    // Stop words only: nothing to match, lexically or in meaning, so position and noise decide.
    const ambiguous: Task['plan'] = Array.from({ length: 12 }, () => ({ intent: 'do this for me', args: {}, tools: ['x'] }));
    const choices = async (seed: number) => {
      const { ctx, calls } = harness(task(ambiguous), undefined, seed);
      await new SimAgent({ temperature: 1 }).run(ctx);
      return calls.map((c) => c.name);
    };
    expect(await choices(9)).toEqual(await choices(9));
    const bySeed = await Promise.all([1, 2, 3, 4, 5, 6].map(choices));
    expect(new Set(bySeed.map((c) => c.join()))).not.toEqual(new Set([bySeed[0]!.join()]));
  });

  it('falls back once, to the tool the error text names rather than the next best', async () => {
    const step: Task['plan'] = [{ intent: 'Read the file notes.txt', args: { path: 'notes.txt' }, tools: ['lab/read_file'] }];
    const { ctx, calls, records } = harness(task(step), (c) =>
      c.name === 'lab__read_file'
        ? { text: 'Error: this file holds an expression; use the calculator tool instead.', isError: true }
        : { text: '42', isError: false },
    );
    const result = await new SimAgent({ temperature: 0 }).run(ctx);
    expect(calls.map((c) => c.name)).toEqual(['lab__read_file', 'lab__calculator']);
    expect((records[0]!.output as SimDecision).scores[1]!.name).not.toBe('lab__calculator');
    expect(result).toEqual({ answer: '42', stop: 'answered' });
    const fallback = (records[1]!.output as SimDecision).fallback;
    expect(fallback).toEqual({
      after: 'lab__read_file',
      error: 'Error: this file holds an expression; use the calculator tool instead.',
      reason: 'named in the error',
    });
  });

  it('falls back to the next-best tool when the error names none', async () => {
    const step: Task['plan'] = [{ intent: 'Read the file notes.txt', args: { path: 'notes.txt' }, tools: ['lab/read_file'] }];
    const { ctx, calls, records } = harness(task(step), (c) =>
      c.name === 'lab__read_file' ? { text: 'Error: busy', isError: true } : { text: 'done', isError: false },
    );
    await new SimAgent({ temperature: 0 }).run(ctx);
    const first = records[0]!.output as SimDecision;
    expect(calls.map((c) => c.name)).toEqual(['lab__read_file', first.scores[1]!.name]);
    expect((records[1]!.output as SimDecision).fallback?.reason).toBe('next best');
  });

  it('gives up when the fallback fails too, naming the step, and does not run later steps', async () => {
    const { ctx, calls } = harness(task(plan), () => ({ text: 'Error: missing required argument "path"', isError: true }));
    const result = await new SimAgent({ temperature: 0 }).run(ctx);
    expect(calls).toHaveLength(2);
    expect(result.answer).toBeNull();
    expect(result.stop).toBe('gave_up');
    expect(result.note).toContain('step 1 ("Read the file notes.txt from the workspace")');
    expect(result.note).toContain('missing required argument');
  });

  it('gives up on an empty catalogue without calling anything', async () => {
    const { ctx, calls } = harness(task(plan));
    const result = await new SimAgent().run({ ...ctx, catalogue: { tools: [] } });
    expect(calls).toEqual([]);
    expect(result.stop).toBe('gave_up');
  });

  describe('with steps that take an earlier result ({$from})', () => {
    const shop: CatalogueTool[] = [
      {
        name: 'lookup',
        server: 'shop',
        tool: 'lookup',
        description: 'Look up the price of an item in the price list.',
        inputSchema: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'] },
      },
      {
        name: 'multiply',
        server: 'shop',
        tool: 'multiply',
        description: 'Multiply two numbers and return the product.',
        inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      },
    ];
    const planks = (a: unknown): Task['plan'] => [
      { intent: 'look up the price of a plank', args: { item: 'plank' }, tools: ['shop/lookup'] },
      { intent: 'multiply that price by three', args: { a, b: 3 }, tools: ['shop/multiply'] },
    ];
    const run = async (a: unknown, price: string) => {
      const { ctx, calls } = harness(task(planks(a)), (c) => ({
        text: c.name === 'lookup' ? price : String(Number(c.args.a) * Number(c.args.b)),
        isError: false,
      }));
      const result = await new SimAgent({ temperature: 0 }).run({ ...ctx, catalogue: { tools: shop } });
      return { result, calls };
    };

    it('gives a numeric parameter the one number of a text result', async () => {
      const { result, calls } = await run({ $from: 1 }, 'plank: 12.50 EUR per unit');
      expect(calls).toEqual([
        { name: 'lookup', args: { item: 'plank' } },
        { name: 'multiply', args: { a: 12.5, b: 3 } },
      ]);
      expect(result).toEqual({ answer: '37.5', stop: 'answered' });
    });

    it('takes a field of a JSON-text result by its path', async () => {
      const { calls } = await run({ $from: 1, path: 'items.0.price' }, '{"items": [{"name": "plank", "price": 12.5}]}');
      expect(calls[1]).toEqual({ name: 'multiply', args: { a: 12.5, b: 3 } });
    });

    it('gives up, saying which value it could not get, when the path is not in the result', async () => {
      const { result, calls } = await run({ $from: 1, path: 'items.0.price' }, 'plank: 12.50 EUR per unit');
      expect(calls.map((c) => c.name)).toEqual(['lookup']);
      expect(result).toEqual({
        answer: null,
        stop: 'gave_up',
        note: 'sim could not get the value for step 2 ("multiply that price by three"): "a": step 1\'s result has no "items.0.price" (it returned: "plank: 12.50 EUR per unit").',
      });
    });
  });

  it('refuses tasks without a plan, naming each', async () => {
    const planless = { ...task(plan), id: 'llm-only', plan: [] };
    const agent = new SimAgent();
    expect(agent.refuse([task(plan)])).toBeUndefined();
    expect(agent.refuse([task(plan), planless, { ...planless, id: 'another' }])).toMatch(
      /^the sim agent walks each task's plan, and tasks "llm-only", "another" have none: write a plan/,
    );
    await expect(agent.run(harness(planless).ctx)).rejects.toThrow(/task "llm-only" has none/);
  });

  it('answers a no-tool task, which has no plan, without calling a tool', async () => {
    const negative = { ...task(plan), id: 'no-tool', plan: [], check: { kind: 'no-tool' as const } };
    const agent = new SimAgent();
    expect(agent.refuse([negative])).toBeUndefined();
    const { ctx, calls } = harness(negative);
    expect(await agent.run(ctx)).toEqual({ answer: '', stop: 'answered' });
    expect(calls).toEqual([]);
  });

  it('rejects bad parameter overrides with a readable error', () => {
    expect(() => new SimAgent({ temperature: -1 })).toThrow(/invalid sim parameters.*temperature/s);
    expect(() => new SimAgent({ weights: { relevence: 1 } } as never)).toThrow(/relevence/);
  });
});
