// The tokens a model call is counted by. An endpoint's `usage` is a peer's claim: taken when it is whole and adds
// up; when it is missing or does not (negative or fractional counts, more cached tokens than prompt tokens), the
// call is counted by tdo's own estimate of its tokens, and the record says why, so caps still hold and a cost is
// never negative. The answer itself is kept: it was paid for, and a billing field is no reason to end a run.
import * as z from 'zod';
import type { AssistantMessage } from './completion-schema.ts';
import type { BilledTokens } from './prices.ts';
import { estimateRequestTokens } from './rate-limiter.ts';

export interface TokenUsage extends BilledTokens {
  totalTokens: number;
}

/** The usage an endpoint reports, checked because any OpenAI-compatible server may answer. */
const usageSchema = z
  .object({
    prompt_tokens: z.number().int().nonnegative(),
    completion_tokens: z.number().int().nonnegative(),
    total_tokens: z.number().int().nonnegative().optional(),
    /** OpenAI's count of prompt tokens served from its prompt cache, billed at the cached-input price */
    prompt_tokens_details: z.looseObject({ cached_tokens: z.number().int().nonnegative().nullish() }).nullish(),
  })
  .refine((u) => (u.prompt_tokens_details?.cached_tokens ?? 0) <= u.prompt_tokens, {
    message: 'more cached tokens than prompt tokens',
    path: ['prompt_tokens_details', 'cached_tokens'],
  });

/** The endpoint's usage, or what is wrong with it. */
export function reportedUsage(raw: unknown): TokenUsage | { problem: string } {
  if (raw === undefined || raw === null) return { problem: 'the endpoint sent no usage' };
  const parsed = usageSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { problem: `the endpoint's usage does not add up, usage.${issue.path.join('.')}: ${issue.message}` };
  }
  const u = parsed.data;
  return {
    promptTokens: u.prompt_tokens,
    completionTokens: u.completion_tokens,
    cachedPromptTokens: u.prompt_tokens_details?.cached_tokens ?? 0,
    totalTokens: u.prompt_tokens + u.completion_tokens,
  };
}

/** About four characters a token over what was sent and what came back, none of it from the prompt cache. */
export function estimatedUsage(request: { messages: unknown; tools?: unknown }, message: AssistantMessage): TokenUsage {
  const promptTokens = estimateRequestTokens(request);
  const written = (message.content ?? '') + message.tool_calls.map((call) => call.function.name + call.function.arguments).join('');
  const completionTokens = Math.max(1, Math.ceil(written.length / 4));
  return { promptTokens, completionTokens, cachedPromptTokens: 0, totalTokens: promptTokens + completionTokens };
}

/** What a call sent to an endpoint is counted by: its reported usage, else the estimate and why it was estimated. */
export function countedUsage(
  raw: unknown,
  request: { messages: unknown; tools?: unknown },
  message: AssistantMessage,
): { usage: TokenUsage; estimated?: string } {
  const reported = reportedUsage(raw);
  if (!('problem' in reported)) return { usage: reported };
  return { usage: estimatedUsage(request, message), estimated: reported.problem };
}
