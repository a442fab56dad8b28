import { afterEach, describe, expect, it } from 'vitest';
import type { AgentContext, ModelCallRecord } from '../../../../src/agents/agent.ts';
import type { ToolInvoker } from '../../../../src/catalogue/catalogue-types.ts';
import { LlmAgent } from '../../../../src/agents/llm/agent.ts';
import type { CatalogueTool, ToolOutcome } from '../../../../src/catalogue/catalogue-types.ts';
import { ChatClient, type ChatClientOptions } from '../../../../src/models/chat-client.ts';
import { MemoryResponseCache } from '../../../../src/models/response-cache.ts';
import { taskSchema } from '../../../../src/suite/schema.ts';
import {
  callTool,
  callTools,
  finalAnswer,
  httpStatus,
  readerModel,
  scripted,
  startOpenAiDouble,
  toolResultsOf,
  type ChatRequestBody,
  type OpenAiDouble,
  type OpenAiDoubleOptions,
  type ReplyHandler,
} from '../../../support/openai-double.ts';

const NOTES = [
  'Meeting memo, 2026-09-01',
  'Attendees: 4',
  'Pizza budget: 48000',
  'Drinks: 9500',
  'Reimbursed so far: 12000',
  'Sum the numbers above to get the total the agent should report.',
].join('\n');
const EXPRESSION = '48000 + 9500 + 12000 + 4';

const task = taskSchema.parse({
  id: 'notes-total',
  split: 'train',
  prompt: 'What total do the numbers in notes.txt add up to?',
  plan: [
    { intent: 'read the notes file', args: { path: 'notes.txt' }, tools: ['read_file'] },
    { intent: 'add the numbers', args: { expression: EXPRESSION }, tools: ['calculator'] },
  ],
  check: { kind: 'answer', expected: 69504 },
});

function catalogueTool(name: string, description: string, properties: Record<string, { type: string }>): CatalogueTool {
  return {
    name,
    server: 'lab',
    tool: name,
    description,
    inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties, required: Object.keys(properties) },
  };
}

const labTools = (names = { read: 'read_file', calc: 'calculator' }) => [
  catalogueTool(names.calc, "Evaluate an arithmetic expression such as '3 * (4 + 5)'. Numbers and + - * / ** only.", { expression: { type: 'string' } }),
  catalogueTool(names.read, "Read a text file inside the server's working directory. Returns at most 4000 characters.", { path: { type: 'string' } }),
];

type ToolBehaviour = (args: Record<string, unknown>) => ToolOutcome;

/** A host stand-in: records every call and answers from canned behaviours. */
class FakeTools implements ToolInvoker {
  readonly calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  constructor(private readonly behaviours: Record<string, ToolBehaviour>) {}

  async call(name: string, args: Record<string, unknown>): Promise<ToolOutcome> {
    this.calls.push({ name, args });
    const behaviour = this.behaviours[name];
    if (behaviour === undefined) throw new Error(`test has no behaviour for ${name}`);
    return behaviour(args);
  }
}

const labBehaviours = (names = { read: 'read_file', calc: 'calculator' }): Record<string, ToolBehaviour> => ({
  [names.read]: (args) => (args['path'] === 'notes.txt' ? { text: NOTES, isError: false } : { text: `Error: no file ${String(args['path'])}`, isError: true }),
  [names.calc]: (args) => addUp(args['expression']),
});

/** Enough of a calculator for these tests: sums of whole numbers, anything else is an error result. */
function addUp(expression: unknown): ToolOutcome {
  if (typeof expression !== 'string' || !/^\s*\d+(\s*\+\s*\d+)*\s*$/.test(expression)) {
    return { text: 'Error: expression must be arithmetic, e.g. 2 + 3', isError: true };
  }
  const total = expression.split('+').reduce((sum, term) => sum + Number(term), 0);
  return { text: String(total), isError: false };
}

function context(tools: ToolInvoker, catalogue: CatalogueTool[] = labTools()) {
  const records: ModelCallRecord[] = [];
  const ctx: AgentContext = {
    task,
    systemPrompt: 'You answer questions about the workspace using the tools.',
    catalogue: { tools: catalogue },
    tools,
    modelCalls: { record: (call) => records.push(call) },
    seed: 1,
  };
  return { ctx, records };
}

const doubles: OpenAiDouble[] = [];
afterEach(async () => {
  await Promise.all(doubles.splice(0).map((double) => double.close()));
});

async function setup(handler: ReplyHandler, options: OpenAiDoubleOptions = {}, client: Partial<ChatClientOptions> = {}) {
  const double = await startOpenAiDouble(handler, options);
  doubles.push(double);
  const model = new ChatClient({ model: 'test-model', baseURL: double.baseURL, apiKey: 'test-key', retryBaseDelayMs: 0, ...client });
  return { double, model };
}

const notesScript = () =>
  scripted([callTool('read_file', { path: 'notes.txt' }), callTool('calculator', { expression: EXPRESSION }), finalAnswer('The total is 69504.')]);

const bodyOf = (double: OpenAiDouble, index: number) => double.requests[index]!.body as ChatRequestBody;

describe('LlmAgent', () => {
  it('runs the notes task: read_file, calculator, answer', async () => {
    const { double, model } = await setup(notesScript());
    const tools = new FakeTools(labBehaviours());
    const { ctx, records } = context(tools);

    const result = await new LlmAgent({ model }).run(ctx);

    expect(result).toEqual({ answer: 'The total is 69504.', stop: 'answered' });
    expect(tools.calls).toEqual([
      { name: 'read_file', args: { path: 'notes.txt' } },
      { name: 'calculator', args: { expression: EXPRESSION } },
    ]);
    expect(double.requests).toHaveLength(3);
    expect(toolResultsOf(bodyOf(double, 2))).toEqual([NOTES, '69504']);
    expect(records).toHaveLength(3);
    for (const [i, record] of records.entries()) {
      const usage = (double.requests[i]!.reply.body as { usage: { prompt_tokens: number; completion_tokens: number } }).usage;
      expect(record).toMatchObject({ model: 'test-model', tokensIn: usage.prompt_tokens, tokensOut: usage.completion_tokens, cached: false });
      expect(record.input).toEqual(bodyOf(double, i).messages);
    }
    expect(records[2]!.output).toMatchObject({ role: 'assistant', content: 'The total is 69504.' });
  });

  it('offers every catalogue tool as a function with an OpenAI-acceptable schema', async () => {
    const { double, model } = await setup(scripted([finalAnswer('nothing to do')]));
    const { ctx } = context(new FakeTools({}));

    await new LlmAgent({ model }).run(ctx);

    const body = bodyOf(double, 0);
    expect(body.messages).toEqual([
      { role: 'system', content: ctx.systemPrompt },
      { role: 'user', content: task.prompt },
    ]);
    expect(body.tool_choice).toBe('auto');
    expect(body.tools).toEqual(
      labTools().map((tool) => ({
        type: 'function',
        function: {
          name: tool.name,
          description: tool.description,
          parameters: { type: 'object', properties: tool.inputSchema.properties, required: tool.inputSchema.required },
        },
      })),
    );
  });

  it('depends on descriptions, not names: a reading model finds renamed tools', async () => {
    const names = { read: 'fs_cat', calc: 'math_eval' };
    const reader = readerModel(
      [
        { toolAbout: 'text file', args: { path: 'notes.txt' } },
        { toolAbout: 'arithmetic', args: (results) => ({ expression: sumExpression(results[0] ?? '') }) },
      ],
      (results) => `The total is ${results.at(-1)}.`,
    );
    const { model } = await setup(reader);
    const tools = new FakeTools(labBehaviours(names));
    const { ctx } = context(tools, labTools(names));

    const result = await new LlmAgent({ model }).run(ctx);

    expect(tools.calls.map((call) => call.name)).toEqual(['fs_cat', 'math_eval']);
    expect(result).toEqual({ answer: 'The total is 69504.', stop: 'answered' });
  });

  it('passes an error result back as text and lets the model recover', async () => {
    const handler: ReplyHandler = (body) => {
      const results = toolResultsOf(body);
      if (results.length === 0) return callTool('calculator', { expression: 'sum of the memo numbers' });
      if (results.length === 1) return callTool('calculator', { expression: EXPRESSION });
      return finalAnswer(`The total is ${results.at(-1)}.`);
    };
    const { double, model } = await setup(handler);
    const tools = new FakeTools(labBehaviours());

    const result = await new LlmAgent({ model }).run(context(tools).ctx);

    expect(toolResultsOf(bodyOf(double, 1))).toEqual(['Error: expression must be arithmetic, e.g. 2 + 3']);
    expect(tools.calls).toHaveLength(2);
    expect(result).toEqual({ answer: 'The total is 69504.', stop: 'answered' });
  });

  it('answers invalid JSON arguments itself, without calling the tool', async () => {
    const { double, model } = await setup(
      scripted([callTool('calculator', '{"expression": 48000 +'), callTool('calculator', '[1, 2]'), finalAnswer('I could not compute it.')]),
    );
    const tools = new FakeTools(labBehaviours());

    const result = await new LlmAgent({ model }).run(context(tools).ctx);

    expect(tools.calls).toEqual([]);
    const [notJson, notObject] = toolResultsOf(bodyOf(double, 2));
    expect(notJson).toMatch(/^Error: the arguments for calculator are not valid JSON \(.+\)\. Call calculator again with a JSON object/);
    expect(notObject).toMatch(/^Error: the arguments for calculator must be a JSON object, not an array\./);
    expect(result).toEqual({ answer: 'I could not compute it.', stop: 'answered' });
  });

  it('treats empty arguments as no arguments', async () => {
    const { model } = await setup(scripted([callTool('read_file', ''), finalAnswer('done')]));
    const tools = new FakeTools({ read_file: () => ({ text: 'Error: path is required', isError: true }) });

    await new LlmAgent({ model }).run(context(tools).ctx);

    expect(tools.calls).toEqual([{ name: 'read_file', args: {} }]);
  });

  it('answers an unknown tool name with the available names, and still hands the call to the host to record', async () => {
    const { double, model } = await setup(scripted([callTool('web_search', { query: 'memo total' }), finalAnswer('giving up')]));
    // the host answers a name it cannot route with an error of its own, which the model does not see
    const tools = new FakeTools({ ...labBehaviours(), web_search: () => ({ text: 'Unknown tool "web_search".', isError: true }) });

    await new LlmAgent({ model }).run(context(tools).ctx);

    expect(tools.calls).toEqual([{ name: 'web_search', args: { query: 'memo total' } }]);
    expect(toolResultsOf(bodyOf(double, 1))).toEqual(['Error: there is no tool named "web_search". Available tools: calculator, read_file.']);
  });

  it('answers every call of a turn with several tool calls, in order', async () => {
    const { double, model } = await setup(
      scripted([
        callTools([
          { name: 'read_file', args: { path: 'notes.txt' } },
          { name: 'calculator', args: { expression: EXPRESSION } },
        ]),
        finalAnswer('The total is 69504.'),
      ]),
    );
    const tools = new FakeTools(labBehaviours());

    const result = await new LlmAgent({ model }).run(context(tools).ctx);

    expect(result.stop).toBe('answered');
    expect(toolResultsOf(bodyOf(double, 1))).toEqual([NOTES, '69504']);
  });

  it('stops at the step limit', async () => {
    const { double, model } = await setup(() => callTool('read_file', { path: 'notes.txt' }));
    const tools = new FakeTools(labBehaviours());
    const { ctx, records } = context(tools);

    const result = await new LlmAgent({ model, maxSteps: 3 }).run(ctx);

    expect(result).toEqual({ answer: null, stop: 'step_limit', note: 'no answer after 3 model calls' });
    expect(double.requests).toHaveLength(3);
    expect(tools.calls).toHaveLength(3);
    expect(records).toHaveLength(3);
  });

  it('retries a 429 in the middle of an episode and still succeeds', async () => {
    const { double, model } = await setup(notesScript(), { failures: { 1: httpStatus(429, { retryAfter: '0' }) } });
    const tools = new FakeTools(labBehaviours());
    const { ctx, records } = context(tools);

    const result = await new LlmAgent({ model }).run(ctx);

    expect(result).toEqual({ answer: 'The total is 69504.', stop: 'answered' });
    expect(double.requests.map((r) => r.reply.status)).toEqual([200, 429, 200, 200]);
    expect(tools.calls).toHaveLength(2);
    expect(records).toHaveLength(3);
  });

  it('stops with the error when the model keeps failing, without throwing', async () => {
    const { model } = await setup(() => httpStatus(503, { message: 'overloaded' }), {}, { maxRetries: 1 });
    const tools = new FakeTools(labBehaviours());
    const { ctx, records } = context(tools);

    const result = await new LlmAgent({ model }).run(ctx);

    expect(result.answer).toBeNull();
    expect(result.stop).toBe('error');
    expect(result.note).toMatch(/HTTP 503 overloaded \(after 1 retry\)/);
    expect(records).toEqual([]);
  });

  it('stops with the error when the host fails a tool call', async () => {
    const { model } = await setup(notesScript());
    const broken: ToolInvoker = {
      call: async () => {
        throw new Error('connection to server lab closed');
      },
    };

    const result = await new LlmAgent({ model }).run(context(broken).ctx);

    expect(result).toEqual({ answer: null, stop: 'error', note: 'connection to server lab closed' });
  });

  it('reports the endpoint rejecting a tool name it cannot accept', async () => {
    const { double, model } = await setup(scripted([finalAnswer('unreachable')]));
    const dotted = [catalogueTool('files.read', 'Read a text file.', { path: { type: 'string' } })];

    const result = await new LlmAgent({ model }).run(context(new FakeTools({}), dotted).ctx);

    expect(result.stop).toBe('error');
    expect(result.note).toMatch(/HTTP 400 .*function names must match/s);
    expect(double.requests).toHaveLength(1);
  });

  it('gives up when the model ends with neither tool calls nor text', async () => {
    const { model } = await setup(scripted([finalAnswer('   ')]));

    const result = await new LlmAgent({ model }).run(context(new FakeTools({})).ctx);

    expect(result).toMatchObject({ answer: null, stop: 'gave_up' });
  });

  it('sends no tools when the catalogue is empty', async () => {
    const { double, model } = await setup(scripted([finalAnswer('I have no tools.')]));

    await new LlmAgent({ model }).run(context(new FakeTools({}), []).ctx);

    expect(bodyOf(double, 0)).not.toHaveProperty('tools');
    expect(bodyOf(double, 0)).not.toHaveProperty('tool_choice');
  });

  it('sends the temperature only when set', async () => {
    const { double, model } = await setup(() => finalAnswer('ok'));

    await new LlmAgent({ model }).run(context(new FakeTools({})).ctx);
    await new LlmAgent({ model, temperature: 0 }).run(context(new FakeTools({})).ctx);

    expect(bodyOf(double, 0)).not.toHaveProperty('temperature');
    expect(bodyOf(double, 1)).toMatchObject({ temperature: 0 });
  });

  it('serves a repeated episode entirely from the cache, still running the tools', async () => {
    const cache = new MemoryResponseCache();
    const { double, model } = await setup(notesScript(), {}, { cache });
    const agent = new LlmAgent({ model });

    const first = await agent.run(context(new FakeTools(labBehaviours())).ctx);
    const requestsAfterFirst = double.requests.length;
    const tools = new FakeTools(labBehaviours());
    const { ctx, records } = context(tools);
    const second = await agent.run(ctx);

    expect(requestsAfterFirst).toBe(3);
    expect(double.requests).toHaveLength(3);
    expect(second).toEqual(first);
    expect(records.map((record) => record.cached)).toEqual([true, true, true]);
    expect(tools.calls).toHaveLength(2);
  });

  it('is identified by its model and rejects a useless step limit', async () => {
    const { model } = await setup(scripted([]));
    expect(new LlmAgent({ model }).id).toBe('llm:test-model');
    expect(() => new LlmAgent({ model, maxSteps: 0 })).toThrow(/maxSteps must be a positive integer/);
  });
});

/** What a model reading the memo would write: every number on a "label: number" line, summed. */
function sumExpression(memo: string): string {
  return [...memo.matchAll(/:\s*(\d+)\s*$/gm)].map((match) => match[1]).join(' + ');
}
