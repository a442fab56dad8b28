// A drafting model for the OpenAI-compatible double (test/support/openai-double.ts): it answers the questions of
// `tdo suite draft --generate` (src/suite-draft/prompt.ts) with as many requests as each asks for, in words of its
// own that no tool description uses. A test double, not a model: nothing it writes says how a model drafts.
import { finalAnswer, type ChatRequestBody, type DoubleReply } from './openai-double.ts';

const firstUser = (body: ChatRequestBody) => String(body.messages.find((m) => m.role === 'user')?.content ?? '');

/** The question's numbers and tool names, read off the prompt as a model would. */
export function draftingModel(body: ChatRequestBody): DoubleReply {
  const asked = firstUser(body);
  const tools = [...asked.matchAll(/^Tool: (\S+)$/gm)].map((m) => m[1]!);
  const probe = /Give the arguments of (\d+) different calls/.exec(asked);
  if (probe !== null) return json({ calls: Array.from({ length: Number(probe[1]) }, () => ({ arguments: {} })) });
  const own = /Write (\d+) different requests this tool serves.* and (\d+) more/.exec(asked);
  if (own !== null) {
    const request = (i: number, voice: string) => ({ prompt: `${voice} number ${i + 1} for my cousin Bertha, please`, arguments: {} });
    return json({
      requests: Array.from({ length: Number(own[1]) }, (_, i) => request(i, `Sort out ${tools[0]!.replace(/_/g, ' ')} chore`)),
      paraphrases: Array.from({ length: Number(own[2]) }, (_, i) => request(i, 'Help my grandmother with errand')),
    });
  }
  const negatives = /Write (\d+) requests a user of these tools might plausibly make that none/.exec(asked);
  if (negatives !== null) return json({ requests: Array.from({ length: Number(negatives[1]) }, (_, i) => ({ prompt: `Sing me lullaby number ${i + 1}` })) });
  const sequences = /Write (\d+) requests that each need two of these tools/.exec(asked);
  if (sequences !== null) {
    return json({
      requests: Array.from({ length: Number(sequences[1]) }, (_, i) => ({
        prompt: `Do errand ${i + 1} in two goes, one after the other`,
        steps: [0, 1].map((s) => ({ tool: tools[(i + s) % tools.length]!, need: `part ${s + 1} of errand ${i + 1}`, arguments: {} })),
      })),
    });
  }
  return finalAnswer('I cannot tell what is asked.');
}

function json(value: unknown): DoubleReply {
  return finalAnswer(JSON.stringify(value));
}
