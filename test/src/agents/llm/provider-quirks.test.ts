// Each behaviour of test/support/provider-quirks.ts against the real client and agent, with its ending: a retry, an
// infrastructure error with its cause (exit 3), or a result the model sees. None may end as a silent answer.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentContext, ModelCallRecord } from '../../../../src/agents/agent.ts';
import type { ToolInvoker } from '../../../../src/catalogue/catalogue-types.ts';
import { LlmAgent } from '../../../../src/agents/llm/agent.ts';
import { reportFailure } from '../../../../cli/errors.ts';
import type { CatalogueTool } from '../../../../src/catalogue/catalogue-types.ts';
import { ChatClient, ModelCallError, type ChatClientOptions } from '../../../../src/models/chat-client.ts';
import { taskSchema } from '../../../../src/suite/schema.ts';
import {
  callTool,
  finalAnswer,
  scripted,
  startOpenAiDouble,
  toolResultsOf,
  turnOf,
  type ChatRequestBody,
  type DoubleReply,
  type OpenAiDouble,
  type ReplyHandler,
} from '../../../support/openai-double.ts';
import {
  brokenArguments,
  errorInOkBody,
  rateLimitedForSeconds,
  refusesParameter,
  slowFirstToken,
  toolCallAsJsonContent,
  toolCallInTags,
  unavailableUntil,
  withFinishReason,
  withReasoning,
} from '../../../support/provider-quirks.ts';

const task = taskSchema.parse({
  id: 'double-it',
  split: 'train',
  prompt: 'What is 21 doubled?',
  plan: [{ intent: 'double the number', args: { expression: '21 * 2' }, tools: ['calculator'] }],
  check: { kind: 'answer', expected: 42 },
});

const calculator: CatalogueTool = {
  name: 'calculator',
  server: 'lab',
  tool: 'calculator',
  description: 'Evaluate an arithmetic expression.',
  inputSchema: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
};

/** A host with one calculator that answers 42 and remembers what it was asked. */
function calculatorHost() {
  const calls: Array<Record<string, unknown>> = [];
  const tools: ToolInvoker = {
    call: async (_name, args) => {
      calls.push(args);
      return { text: '42', isError: false };
    },
  };
  return { tools, calls };
}

const doubles: OpenAiDouble[] = [];
afterEach(async () => {
  await Promise.all(doubles.splice(0).map((double) => double.close()));
});

async function setup(handler: ReplyHandler, options: Partial<ChatClientOptions> = {}) {
  const double = await startOpenAiDouble(handler);
  doubles.push(double);
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  const client = new ChatClient({ model: 'test-model', baseURL: double.baseURL, apiKey: 'test-key', sleep, ...options });
  return { double, client, waits };
}

async function runEpisode(handler: ReplyHandler, options: Partial<ChatClientOptions> = {}) {
  const { double, client, waits } = await setup(handler, options);
  const host = calculatorHost();
  const records: ModelCallRecord[] = [];
  const ctx: AgentContext = {
    task,
    systemPrompt: 'Use the tools.',
    catalogue: { tools: [calculator] },
    tools: host.tools,
    modelCalls: { record: (call) => records.push(call) },
    seed: 1,
  };
  const result = await new LlmAgent({ model: client }).run(ctx);
  return { result, double, waits, records, toolCalls: host.calls };
}

const bodyOf = (double: OpenAiDouble, index: number) => double.requests[index]!.body as ChatRequestBody;
const request = { messages: [{ role: 'user' as const, content: 'What is 21 doubled?' }] };

/** The error a model call ended with, and the exit code the CLI gives it. */
async function failureOf(client: ChatClient, body: Parameters<ChatClient['complete']>[0] = request) {
  const error = await client.complete(body).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ModelCallError);
  return { error: error as ModelCallError, exitCode: (await reportFailure(error)).exitCode };
}

describe('provider behaviours against the double', () => {
  it('error inside a 200 body: an infrastructure error with the provider message, exit 3, not retried', async () => {
    const { client, double } = await setup(() => errorInOkBody('upstream model crashed'));

    const { error, exitCode } = await failureOf(client);

    expect(error.message).toMatch(/answered HTTP 200 with an error instead of a completion: upstream model crashed\./);
    expect(exitCode).toBe(3);
    expect(double.requests).toHaveLength(1);
  });

  it('Retry-After in seconds on 429: one retry after the seconds asked, then the answer', async () => {
    const { client, waits } = await setup((_body, index) => (index === 0 ? rateLimitedForSeconds(3) : finalAnswer('42')));

    const result = await client.complete(request);

    expect(result.message.content).toBe('42');
    expect(result.retries).toBe(1);
    expect(waits).toEqual([3000]);
  });

  it('Retry-After as an HTTP date on 503: waits until then, bounded by retryMaxDelayMs, then the answer', async () => {
    const soon = new Date(Date.now() + 20_000);
    const muchLater = new Date(Date.now() + 3_600_000);
    const replies = [unavailableUntil(soon), unavailableUntil(muchLater)];
    const { client, waits } = await setup((_body, index) => replies[index] ?? finalAnswer('42'), { retryMaxDelayMs: 30_000 });

    const result = await client.complete(request);

    expect(result.message.content).toBe('42');
    expect(result.retries).toBe(2);
    // the date has whole seconds and the clock moves on, so the wait is a little short of 20 s (the backoff alone would be 500 ms)
    expect(waits[0]).toBeGreaterThan(10_000);
    expect(waits[0]).toBeLessThanOrEqual(20_000);
    expect(waits[1]).toBe(30_000);
  });

  it('tool-call arguments that are not JSON: answered to the model as an error it can fix, recorded, the episode goes on', async () => {
    const { result, double, records, toolCalls } = await runEpisode(
      scripted([brokenArguments('calculator', '{"expression": "21 *'), callTool('calculator', { expression: '21 * 2' }), finalAnswer('42')]),
    );

    expect(toolResultsOf(bodyOf(double, 1))).toEqual([
      expect.stringMatching(/^Error: the arguments for calculator are not valid JSON .*Call calculator again/),
    ]);
    expect(toolCalls).toEqual([{ expression: '21 * 2' }]);
    expect(records[0]!.output).toMatchObject({ tool_calls: [{ function: { name: 'calculator', arguments: '{"expression": "21 *' } }] });
    expect(result).toEqual({ answer: '42', stop: 'answered' });
  });

  it('a tool call in <tool_call> tags in the text: parsed as the call', async () => {
    const { result, double, toolCalls } = await runEpisode(scripted([toolCallInTags('calculator', { expression: '21 * 2' }), finalAnswer('42')]));

    expect(toolCalls).toEqual([{ expression: '21 * 2' }]);
    expect(toolResultsOf(bodyOf(double, 1))).toEqual(['42']);
    expect(result).toEqual({ answer: '42', stop: 'answered' });
  });

  it('a tool call as a bare JSON object for content: parsed as the call', async () => {
    const { result, toolCalls } = await runEpisode(scripted([toolCallAsJsonContent('calculator', { expression: '21 * 2' }), finalAnswer('42')]));

    expect(toolCalls).toEqual([{ expression: '21 * 2' }]);
    expect(result).toEqual({ answer: '42', stop: 'answered' });
  });

  it('a call in the text that is not unambiguous (prose around it, an unknown tool): a plain answer', async () => {
    const withProse = `I will call it.\n${(toolCallInTags('calculator', { expression: '21 * 2' }) as { content: string }).content}`;
    for (const text of [withProse, JSON.stringify({ name: 'web_search', arguments: { query: '21 doubled' } })]) {
      const { result, toolCalls } = await runEpisode(scripted([finalAnswer(text)]));

      expect(toolCalls).toEqual([]);
      expect(result).toEqual({ answer: text, stop: 'answered' });
    }
  });

  it('finish_reason function_call, eos or null: judged by the message, a call is made and the answer taken', async () => {
    for (const [callReason, answerReason] of [
      ['function_call', 'eos'],
      [null, null],
    ] as const) {
      const { result, double, toolCalls } = await runEpisode(
        scripted([withFinishReason(callTool('calculator', { expression: '21 * 2' }), callReason), withFinishReason(finalAnswer('42'), answerReason)]),
      );

      expect(double.requests.map((r) => (r.reply.body as { choices: Array<{ finish_reason: unknown }> }).choices[0]!.finish_reason)).toEqual([
        callReason,
        answerReason,
      ]);
      expect(toolCalls).toEqual([{ expression: '21 * 2' }]);
      expect(result).toEqual({ answer: '42', stop: 'answered' });
    }
  });

  it('reasoning_content beside the content: not the answer, not sent back, not an error', async () => {
    const { result, double } = await runEpisode(
      scripted([withReasoning(callTool('calculator', { expression: '21 * 2' }), 'I should multiply.'), withReasoning(finalAnswer('42'), 'The tool said 42.')]),
    );

    expect(result).toEqual({ answer: '42', stop: 'answered' });
    expect(JSON.stringify(bodyOf(double, 1).messages)).not.toContain('I should multiply');
  });

  it('a model that refuses tool_choice: asked once more without it, and never sent it again', async () => {
    const refusing: ReplyHandler = (body) => {
      if (body.tool_choice !== undefined) return refusesParameter('tool_choice');
      return [callTool('calculator', { expression: '21 * 2' }), finalAnswer('42')][turnOf(body)] as DoubleReply;
    };
    const { result, double } = await runEpisode(refusing);

    expect(result).toEqual({ answer: '42', stop: 'answered' });
    expect(double.requests.map((r) => [r.reply.status, (r.body as ChatRequestBody).tool_choice])).toEqual([
      [400, 'auto'],
      [200, undefined],
      [200, undefined],
    ]);
  });

  it('a model that refuses temperature: an infrastructure error naming the parameter, exit 3, sent once', async () => {
    const { client, double } = await setup((body) => (body['temperature'] !== undefined ? refusesParameter('temperature') : finalAnswer('42')));

    const { error, exitCode } = await failureOf(client, { ...request, temperature: 0 });

    expect(error.status).toBe(400);
    expect(error.message).toMatch(/Unsupported parameter: 'temperature'.*leave the temperature unset/);
    expect(exitCode).toBe(3);
    expect(double.requests).toHaveLength(1);
  });

  it('a very slow first token: the client timeout ends it as an outage with its cause, and the episode stops with the error', async () => {
    const { client } = await setup(() => slowFirstToken(finalAnswer('too late'), 60_000), { timeoutMs: 50, maxRetries: 0 });
    const { error, exitCode } = await failureOf(client);
    expect(error.message).toMatch(/did not finish answering within 50 ms/);
    expect(exitCode).toBe(3);

    const { result } = await runEpisode(() => slowFirstToken(finalAnswer('too late'), 60_000), { timeoutMs: 50, maxRetries: 0 });
    expect(result).toMatchObject({ answer: null, stop: 'error', note: expect.stringMatching(/did not finish answering within 50 ms/) });
  });
});
