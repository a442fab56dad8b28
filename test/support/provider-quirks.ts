/**
 * Named behaviours of real OpenAI-compatible servers (hosted APIs, gateways, and local servers such as vLLM,
 * Ollama, LM Studio and llama.cpp) as replies of the double (test/support/openai-double.ts). Each has its ending
 * in test/src/agents/llm/provider-quirks.test.ts and in the README's LLM section.
 */
import { callTool, finalAnswer, httpStatus, late, rawReply, type DoubleReply } from './openai-double.ts';

/** HTTP 200 whose body is an error and no completion, as gateways do when the upstream model fails. */
export function errorInOkBody(message: string): DoubleReply {
  return rawReply({ error: { message, type: 'upstream_error', code: 502 } }, 200);
}

/** 429 with Retry-After in whole seconds. */
export function rateLimitedForSeconds(seconds: number): DoubleReply {
  return httpStatus(429, { retryAfter: String(seconds), message: 'Rate limit reached for requests' });
}

/** 503 with Retry-After as an HTTP date. */
export function unavailableUntil(date: Date): DoubleReply {
  return httpStatus(503, { retryAfter: date.toUTCString(), message: 'The server is overloaded' });
}

/** A tool call whose arguments are not valid JSON (small local models cut them short). */
export function brokenArguments(tool: string, text: string): DoubleReply {
  return callTool(tool, text);
}

/** A tool call written into the text in Hermes tags, by a local server that does not parse its model's calls. */
export function toolCallInTags(tool: string, args: Record<string, unknown>): DoubleReply {
  return finalAnswer(`<tool_call>\n${JSON.stringify({ name: tool, arguments: args })}\n</tool_call>`);
}

/** A tool call written as the whole content, a bare JSON object (Llama-style local servers). */
export function toolCallAsJsonContent(tool: string, args: Record<string, unknown>): DoubleReply {
  return finalAnswer(JSON.stringify({ name: tool, parameters: args }));
}

/** `reply` with a finish_reason outside stop/length/tool_calls/content_filter (e.g. 'function_call', 'eos', null). */
export function withFinishReason(reply: DoubleReply, finishReason: string | null): DoubleReply {
  if (reply.kind !== 'message') throw new Error('withFinishReason takes finalAnswer(...) or callTool(...)');
  return { ...reply, finishReason };
}

/** `reply` with the reasoning text beside the content, as DeepSeek, vLLM and others send it. */
export function withReasoning(reply: DoubleReply, reasoning: string): DoubleReply {
  if (reply.kind !== 'message') throw new Error('withReasoning takes finalAnswer(...) or callTool(...)');
  return { ...reply, extraFields: { reasoning_content: reasoning } };
}

/** 400 naming a parameter the model does not take, in OpenAI's wording (reasoning models refuse temperature). */
export function refusesParameter(param: string): DoubleReply {
  const message = `Unsupported parameter: '${param}' is not supported with this model.`;
  return rawReply({ error: { message, type: 'invalid_request_error', param, code: 'unsupported_parameter' } }, 400);
}

/** No byte, not even the headers, for `afterMs`: a model slow to its first token. */
export function slowFirstToken(reply: DoubleReply, afterMs: number): DoubleReply {
  return late(reply, afterMs);
}
