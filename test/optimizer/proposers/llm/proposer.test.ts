import { afterEach, describe, expect, it } from 'vitest';
import { ChatClient } from '../../../../src/models/chat-client.ts';
import { LlmProposer } from '../../../../optimizer/proposers/llm/proposer.ts';
import { fencedBlock } from '../../../../optimizer/proposers/llm/prompt.ts';
import { call, record } from '../records.ts';
import { finalAnswer, httpStatus, rawReply, stall, startOpenAiDouble, type OpenAiDouble, type DoubleReply } from '../../../support/openai-double.ts';

const dataset = [
  record({
    task: 'How far is 5 miles in km?',
    steps: [{ intent: 'how far is 5 miles in km', tools: ['convert'], forComponent: true }],
    calls: [call({ name: 'magic', server: 'other', component: false, args: '{"query":"5 miles in km"}', output: 'Error: only two numbers', isError: true })],
    checkerFeedback: 'Expected 8.05',
    feedback: 'Expected 8.05; the agent called magic instead.',
  }),
];

let double: OpenAiDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function proposerAnswering(reply: DoubleReply) {
  double = await startOpenAiDouble(() => reply);
  return new LlmProposer(new ChatClient({ model: 'reflector', baseURL: double.baseURL, apiKey: 'k', maxRetries: 0 }));
}

const request = { iteration: 1, component: 'convert', texts: { convert: 'Convert a value.', sum: 'Adds.' }, dataset, randomSeed: 1 };

describe('LlmProposer', () => {
  it('sends the reflection prompt and adopts the fenced block', async () => {
    const proposer = await proposerAnswering(finalAnswer('Here it is:\n```text\nConverts lengths, masses and temperatures, e.g. 5 mi to km.\n```'));
    const proposal = await proposer.propose(request);
    expect(proposal).toMatchObject({ ok: true, text: 'Converts lengths, masses and temperatures, e.g. 5 mi to km.' });
    const body = double!.requests[0]!.body as { model: string; messages: Array<{ content: string }> };
    expect(body.model).toBe('reflector');
    const prompt = body.messages[1]!.content;
    expect(prompt).toContain('Convert a value.');
    expect(prompt).toContain('magic({"query":"5 miles in km"}) -> ERROR Error: only two numbers');
    expect(prompt).toContain('the agent called magic instead');
    expect(prompt).toContain('- sum: Adds.');
    expect(proposer.id).toBe('llm:reflector');
  });

  it('rejects a truncated answer (finish_reason "length") even when it holds a block', async () => {
    const proposer = await proposerAnswering(
      rawReply({ choices: [{ index: 0, message: { role: 'assistant', content: '```\nConverts units and' }, finish_reason: 'length' }] }),
    );
    expect(await proposer.propose(request)).toMatchObject({ ok: false, reason: expect.stringMatching(/cut off/) });
  });

  it('rejects an empty block and an answer without one', async () => {
    expect(await (await proposerAnswering(finalAnswer('```\n\n```'))).propose(request)).toMatchObject({ ok: false, reason: 'the fenced block is empty' });
    await double?.close();
    expect(await (await proposerAnswering(finalAnswer('Just use better words.'))).propose(request)).toMatchObject({
      ok: false,
      reason: 'the answer has no fenced block',
    });
  });

  // A failed call is an outage of the endpoint, not the model's verdict on the description: it is thrown
  // (an infrastructure error), never returned as a rejected proposal the search would read as a result.
  it('throws a dead endpoint as an infrastructure error, not a rejected proposal', async () => {
    double = await startOpenAiDouble(() => finalAnswer('```\nunused\n```'));
    const baseURL = double.baseURL;
    await double.close();
    double = undefined;
    const proposer = new LlmProposer(new ChatClient({ model: 'reflector', baseURL, apiKey: 'k', maxRetries: 0 }));
    await expect(proposer.propose(request)).rejects.toMatchObject({
      kind: 'infrastructure',
      message: expect.stringMatching(/Cannot reach the model endpoint/),
    });
  });

  it('throws a 5xx after the retries, and a refused request, as infrastructure errors', async () => {
    double = await startOpenAiDouble(() => httpStatus(503, { retryAfter: '0' }));
    const retried = new LlmProposer(new ChatClient({ model: 'reflector', baseURL: double.baseURL, apiKey: 'k', maxRetries: 2 }));
    await expect(retried.propose(request)).rejects.toMatchObject({ kind: 'infrastructure', message: expect.stringMatching(/HTTP 503 .*\(after 2 retries\)/) });
    expect(double.requests).toHaveLength(3);
    await double.close();
    const refusing = await proposerAnswering(httpStatus(400, { message: 'bad request' }));
    await expect(refusing.propose(request)).rejects.toMatchObject({ kind: 'infrastructure', message: expect.stringMatching(/HTTP 400/) });
  });

  it('throws an answer past its deadline as an infrastructure error', async () => {
    double = await startOpenAiDouble(() => stall());
    const proposer = new LlmProposer(new ChatClient({ model: 'reflector', baseURL: double.baseURL, apiKey: 'k', maxRetries: 0, timeoutMs: 200 }));
    await expect(proposer.propose(request)).rejects.toMatchObject({
      kind: 'infrastructure',
      message: expect.stringMatching(/did not finish answering within 200 ms/),
    });
  });
});

describe('fencedBlock', () => {
  it('reads the first block with or without a language tag', () => {
    expect(fencedBlock('a\n```md\nX\n```\n```\nY\n```')).toBe('X');
    expect(fencedBlock('```Z```')).toBe('Z');
    expect(fencedBlock('none')).toBeUndefined();
  });
});
