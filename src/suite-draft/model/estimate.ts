// What drafting will ask of the model, before it starts (`--dry-run` stops here): one call per tool, one more
// per tool tdo may call for examples, one for the requests no tool serves and one for the two-tool requests.
// Input tokens are counted on the very prompts that will be sent (a probed tool's prompt without its results);
// output tokens are a per-request allowance. Retries are not counted, so it is a floor.
import { negativesPrompt, probePrompt, sequencesPrompt, toolRequestsPrompt, type DraftMessage } from './prompt.ts';
import { PROBES_PER_TOOL, type GenerateInput } from './generate.ts';
import { toolSplitCounts } from './split-counts.ts';

/** What one drafted request with its arguments takes to write. */
export const TOKENS_PER_REQUEST = 60;

export interface DraftEstimate {
  model: string;
  calls: number;
  tokensIn: number;
  tokensOut: number;
  /** dollars at the config's price; null when the model has none */
  cost: number | null;
  assumptions: string;
}

export interface EstimateParts {
  model: string;
  countTokens: (text: string) => number;
  priceOf: (model: string, tokensIn: number, tokensOut: number) => number | null;
}

export function estimateDraft(input: Omit<GenerateInput, 'callTool'> & { probed: readonly string[] }, parts: EstimateParts): DraftEstimate {
  const prompts: Array<{ messages: DraftMessage[]; requests: number }> = [];
  const counts = toolSplitCounts(input.requestsPerTool);
  const wanted = { requests: counts.train + counts.val + counts.test, paraphrases: counts.paraphrase };
  for (const tool of input.tools) {
    if (input.probed.includes(tool.name)) prompts.push({ messages: probePrompt(tool, PROBES_PER_TOOL, input.options), requests: PROBES_PER_TOOL });
    prompts.push({ messages: toolRequestsPrompt(tool, wanted, input.options), requests: input.requestsPerTool });
  }
  if (input.negatives > 0) prompts.push({ messages: negativesPrompt(input.tools, input.negatives, input.options), requests: input.negatives });
  if (input.sequences > 0 && input.tools.length > 1)
    prompts.push({ messages: sequencesPrompt(input.tools, input.sequences, input.options), requests: 2 * input.sequences });
  const tokensIn = prompts.reduce((s, p) => s + p.messages.reduce((m, message) => m + parts.countTokens(message.content), 0), 0);
  const tokensOut = prompts.reduce((s, p) => s + p.requests * TOKENS_PER_REQUEST, 0);
  return {
    model: parts.model,
    calls: prompts.length,
    tokensIn,
    tokensOut,
    cost: parts.priceOf(parts.model, tokensIn, tokensOut),
    assumptions: `Each question is answered at the first attempt (a malformed answer or paraphrases too close to a description are asked again, each retry resending the conversation), and each request drafted takes ${TOKENS_PER_REQUEST} tokens to write (a two-tool request twice that); input tokens are counted on the prompts themselves${input.probed.length > 0 ? ', without the results of the example calls' : ''}; prices are the config's, with no prompt-cache discount.`,
  };
}
