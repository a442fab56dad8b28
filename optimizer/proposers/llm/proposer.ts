// The LLM proposer: GEPA's reflective mutation through the same OpenAI-compatible client (and response
// cache) the LLM agent uses. A truncated, empty or unfenced answer is rejected, never adopted; a model call
// that fails (src/models/chat-client.ts, ModelCallError) is thrown: an outage ends the search, it is no proposal.
import type { ChatModel } from '../../../src/index.ts';
import type { Proposal, ProposalRequest, Proposer } from '../../engine/types.ts';
import type { ToolReflectionRecord } from '../../adapter/reflection.ts';
import { fencedBlock, MAX_DESCRIPTION_CHARS, reflectionPrompt, REFLECTION_SYSTEM_PROMPT } from './prompt.ts';

/** The LLM proposer's id: `llm:MODEL`, the model it calls. */
export function llmProposerId(model: string): string {
  return `llm:${model}`;
}

export class LlmProposer implements Proposer<ToolReflectionRecord> {
  readonly id: string;

  constructor(private readonly model: ChatModel) {
    this.id = llmProposerId(model.model);
  }

  async propose(request: ProposalRequest<ToolReflectionRecord>): Promise<Proposal> {
    const prompt = reflectionPrompt(request);
    const messages = [
      { role: 'system' as const, content: REFLECTION_SYSTEM_PROMPT },
      { role: 'user' as const, content: prompt },
    ];
    const result = await this.model.complete({ messages });
    const answer = result.message.content ?? '';
    const finishReason = result.completion.choices[0]?.['finish_reason'];
    // what the call spent, summed per run by traces/spend.ts
    const spent = {
      tokens_in: result.usage?.promptTokens ?? null,
      tokens_out: result.usage?.completionTokens ?? null,
      cost: result.cost,
      ...(result.tokensEstimated === undefined ? {} : { tokens_estimated: result.tokensEstimated }),
    };
    const detail = { model: this.model.model, prompt, answer, finish_reason: finishReason ?? null, cached: result.cached, ...spent };
    if (finishReason === 'length') return { ok: false, reason: 'the answer was cut off (finish_reason "length")', detail };
    const text = fencedBlock(answer);
    if (text === undefined) return { ok: false, reason: 'the answer has no fenced block', detail };
    if (text === '') return { ok: false, reason: 'the fenced block is empty', detail };
    if (text.length > MAX_DESCRIPTION_CHARS)
      return { ok: false, reason: `the new description has ${text.length} characters, more than ${MAX_DESCRIPTION_CHARS}`, detail };
    return { ok: true, text, detail };
  }
}
