// The drafting loop against a scripted model: split counts per tool, answers retried a bounded number of times,
// paraphrases worded like the description asked for again and refused past the bound, a cap that stops it.
import { describe, expect, it } from 'vitest';
import type { ChatModel, ChatRequest, ChatResult } from '../../../../src/models/chat-client.ts';
import { asker, ATTEMPTS } from '../../../../src/suite-draft/model/ask.ts';
import { generateDraft, type GenerateInput } from '../../../../src/suite-draft/model/generate.ts';
import type { DraftTool } from '../../../../src/suite-draft/model/tool-card.ts';

const tools: DraftTool[] = [
  { server: 'home', name: 'set_thermostat', description: 'Sets the thermostat temperature of a room.', inputSchema: { type: 'object' } },
  { server: 'home', name: 'read_meter', description: 'Reads the electricity meter.', inputSchema: { type: 'object' } },
];

type Reply = (user: string, conversation: ChatRequest['messages']) => string;

/** A model that answers with `reply(first user message, whole conversation)` and keeps every request. */
function scriptedModel(reply: Reply): ChatModel & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    model: 'scripted',
    requests,
    async complete(request): Promise<ChatResult> {
      requests.push(request);
      const user = String(request.messages.find((m) => m.role === 'user')?.content ?? '');
      const content = reply(user, request.messages);
      const message = { role: 'assistant' as const, content };
      return {
        completion: { choices: [{ index: 0, message, finish_reason: 'stop' }] } as unknown as ChatResult['completion'],
        message: message as ChatResult['message'],
        cached: false,
        latencyMs: 0,
        retries: 0,
        usage: { promptTokens: 10, cachedPromptTokens: 0, completionTokens: 5, totalTokens: 15 },
        cost: null,
      };
    },
  };
}

const many = (n: number, prompt: (i: number) => string, extra: object = {}) => Array.from({ length: n }, (_, i) => ({ prompt: prompt(i), ...extra }));

/** Answers every question well; `paraphrase` words the paraphrases (the attempt counts from 1). */
function goodModel(paraphrase: (attempt: number) => string = () => 'make the lounge cosier for grandma'): Reply {
  return (user, conversation) => {
    const own = /Write (\d+) different requests this tool serves.* and (\d+) more/.exec(user);
    if (own !== null) {
      const attempt = conversation.filter((m) => m.role === 'assistant').length + 1;
      return JSON.stringify({
        requests: many(Number(own[1]), (i) => `request ${i} about the house`),
        paraphrases: many(Number(own[2]), () => paraphrase(attempt)),
      });
    }
    if (/none of the tools serves/.test(user)) return JSON.stringify({ requests: many(4, (i) => `sing lullaby number ${i}`) });
    return JSON.stringify({
      requests: many(4, (i) => `warm it up and then check usage ${i}`, {
        steps: [
          { tool: 'set_thermostat', need: 'warm the room' },
          { tool: 'read_meter', need: 'see the usage' },
        ],
      }),
    });
  };
}

const input = (extra: Partial<GenerateInput> = {}): GenerateInput => ({
  tools,
  requestsPerTool: 10,
  negatives: 4,
  sequences: 4,
  options: { withDescriptions: false },
  maxOverlap: 0.25,
  ...extra,
});

describe('generateDraft', () => {
  it("spreads each tool's requests over the splits and adds negatives and two-tool tasks", async () => {
    const model = scriptedModel(goodModel());
    const tasks = await generateDraft(asker(model), input());
    for (const tool of ['set_thermostat', 'read_meter']) {
      const own = tasks.filter((t) => t.kind === 'tool' && t.steps[0]!.tool.name === tool);
      expect(own.map((t) => t.split).sort()).toEqual(['paraphrase', 'paraphrase', 'test', 'test', 'train', 'train', 'train', 'train', 'val', 'val']);
    }
    expect(tasks.filter((t) => t.kind === 'negative').map((t) => t.split)).toEqual(['train', 'val', 'test', 'paraphrase']);
    const sequences = tasks.filter((t) => t.kind === 'sequence');
    expect(sequences).toHaveLength(4);
    expect(sequences[0]!.steps.map((s) => s.tool.name)).toEqual(['set_thermostat', 'read_meter']);
    expect(model.requests).toHaveLength(4);
  });

  it('asks again for paraphrases worded like the description, naming the words to avoid', async () => {
    // "thermostat temperature" shares 2 of its 2 content words with the description, then the model rewords
    const model = scriptedModel(goodModel((attempt) => (attempt === 1 ? 'thermostat temperature' : 'make the lounge cosier for grandma')));
    const tasks = await generateDraft(asker(model), input({ tools: [tools[0]!], sequences: 0, negatives: 0 }));
    expect(model.requests).toHaveLength(2);
    const retry = model.requests[1]!.messages.at(-1)!.content as string;
    expect(retry).toMatch(/2 of the paraphrases use words the tool is usually described with \(thermostat, temperatur\)/);
    expect(tasks.filter((t) => t.split === 'paraphrase').every((t) => t.overlap === 0)).toBe(true);
  });

  it(`refuses after ${ATTEMPTS} attempts, naming the model, the question and what was wrong`, async () => {
    const close = scriptedModel(goodModel(() => 'thermostat temperature'));
    await expect(generateDraft(asker(close), input({ tools: [tools[0]!] }))).rejects.toMatchObject({
      kind: 'infrastructure',
      message: expect.stringMatching(/^the model "scripted" gave no usable answer for the requests for set_thermostat in 3 attempts: 2 of the paraphrases/),
    });
    expect(close.requests).toHaveLength(ATTEMPTS);
    const prose = scriptedModel(() => 'Sure! Here are some ideas.');
    await expect(generateDraft(asker(prose), input())).rejects.toThrow(/the model "scripted" gave no usable answer .* the answer is not one JSON object/);
  });

  it('refuses two-tool answers that name a tool the servers do not list', async () => {
    const model = scriptedModel((user, conversation) =>
      /two of these tools/.test(user)
        ? JSON.stringify({
            requests: many(4, () => 'do two things now', {
              steps: [
                { tool: 'set_thermostat', need: 'a' },
                { tool: 'open_garage', need: 'b' },
              ],
            }),
          })
        : goodModel()(user, conversation),
    );
    await expect(generateDraft(asker(model), input())).rejects.toThrow(/names tools that do not exist \(open_garage\)/);
  });

  it('holds two-tool requests that land in the paraphrase split to the bound, against both descriptions', async () => {
    const steps = [
      { tool: 'set_thermostat', need: 'warm the room' },
      { tool: 'read_meter', need: 'see the usage' },
    ];
    const model = scriptedModel((user, conversation) =>
      /two of these tools/.test(user)
        ? JSON.stringify({ requests: many(4, (i) => (i === 3 ? 'set the thermostat then read the meter' : 'warm up and see usage'), { steps }) })
        : goodModel()(user, conversation),
    );
    await expect(generateDraft(asker(model), input())).rejects.toThrow(
      /1 of the requests use words the tool is usually described with \(set, thermostat, read, meter\)/,
    );
  });

  it('stops before the next call once a cap is reached, writing nothing', async () => {
    const model = scriptedModel(goodModel());
    const capped = asker(model, () => (model.requests.length >= 1 ? 'token cap' : undefined));
    await expect(generateDraft(capped, input())).rejects.toMatchObject({
      kind: 'interrupted',
      message: expect.stringMatching(/^stopped at the token cap after 1 model call/),
    });
    expect(model.requests).toHaveLength(1);
  });

  it('calls the tools the author allowed and shows the model what they returned', async () => {
    const model = scriptedModel((user, conversation) =>
      /Give the arguments of/.test(user) ? JSON.stringify({ calls: [{ arguments: { room: 'hall' } }] }) : goodModel()(user, conversation),
    );
    const called: unknown[] = [];
    const callTool = (tool: DraftTool) => (tool.name === 'read_meter' ? async (args: Record<string, unknown>) => (called.push(args), '1234 kWh') : undefined);
    await generateDraft(asker(model), input({ callTool }));
    expect(called).toEqual([{ room: 'hall' }]);
    const own = model.requests.map((r) => String(r.messages[1]!.content)).find((c) => c.startsWith('Tool: read_meter') && c.includes('Write'));
    expect(own).toContain('A call with {"room":"hall"} returned: 1234 kWh');
  });
});
