import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Agent, AgentContext, AgentResult } from '../agent.ts';
import type { AssistantMessage } from '../../models/completion-schema.ts';
import type { ChatModel } from '../../models/chat-client.ts';
import { isTdoError } from '../../errors.ts';
import { llmAgentId } from './agent-id.ts';
import { toFunctionTool } from './function-tools.ts';
import { answerSearchCall, answerToolCall } from './tool-calls.ts';
import { toolCallsInText } from './text-tool-calls.ts';

export interface LlmAgentOptions {
  model: ChatModel;
  /** Model calls allowed per episode. Default 8. */
  maxSteps?: number;
  /** Sent only when set, since some models reject any temperature. */
  temperature?: number;
}

/**
 * Tool calling over chat completions: every catalogue tool is offered as a function, the
 * model's calls go to the host, their results go back, until the model answers in text. Under
 * deferred loading the functions offered are the search tool and the tools its searches loaded so
 * far, read again before each request.
 */
/** Model calls per episode when a run sets none. */
export const DEFAULT_MAX_STEPS = 8;

export class LlmAgent implements Agent {
  readonly id: string;
  private readonly model: ChatModel;
  private readonly maxSteps: number;
  private readonly temperature: number | undefined;

  constructor(options: LlmAgentOptions) {
    const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
    if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new Error(`maxSteps must be a positive integer, got ${maxSteps}`);
    this.model = options.model;
    this.maxSteps = maxSteps;
    this.temperature = options.temperature;
    this.id = llmAgentId(options.model.model);
  }

  async run(ctx: AgentContext): Promise<AgentResult> {
    try {
      return await this.converse(ctx);
    } catch (error) {
      // what the user must fix (a replayed cassette without this request) stops the command, not just this episode
      if (isTdoError(error, 'input')) throw error;
      return { answer: null, stop: 'error', note: error instanceof Error ? error.message : String(error) };
    }
  }

  private async converse(ctx: AgentContext): Promise<AgentResult> {
    const search = ctx.toolSearch;
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: ctx.systemPrompt },
      { role: 'user', content: ctx.task.prompt },
    ];
    for (let step = 0; step < this.maxSteps; step++) {
      const offered = [...(search === undefined ? [] : [search.tool]), ...(search?.loaded() ?? ctx.catalogue.tools)];
      const tools = offered.map(toFunctionTool);
      const toolNames = offered.map((tool) => tool.name);
      const requestMessages = [...messages];
      const result = await this.model.complete({
        messages: requestMessages,
        ...(tools.length > 0 ? { tools, tool_choice: 'auto' as const } : {}),
        ...(this.temperature === undefined ? {} : { temperature: this.temperature }),
      });
      const { message } = result;
      ctx.modelCalls.record({
        model: this.model.model,
        input: requestMessages,
        output: message,
        ...(result.usage ? { tokensIn: result.usage.promptTokens, tokensOut: result.usage.completionTokens } : {}),
        latencyMs: result.latencyMs,
        cached: result.cached,
        ...(result.cost === null ? {} : { cost: result.cost }),
        ...(result.tokensEstimated === undefined ? {} : { tokensEstimated: result.tokensEstimated }),
      });
      // the record above keeps the message as the endpoint sent it; a call found in its text is one the model made
      const calls = message.tool_calls.length > 0 ? message.tool_calls : toolCallsInText(message.content, toolNames, step);
      if (calls.length === 0) return finalAnswer(message);
      messages.push(asHistory({ ...message, tool_calls: calls }));
      for (const call of calls) {
        const content =
          search !== undefined && call.function.name === search.tool.name ? answerSearchCall(call, search) : await answerToolCall(call, toolNames, ctx.tools);
        messages.push({ role: 'tool', tool_call_id: call.id, content });
      }
    }
    return { answer: null, stop: 'step_limit', note: `no answer after ${this.maxSteps} model calls` };
  }
}

function finalAnswer(message: AssistantMessage): AgentResult {
  const content = message.content?.trim() ?? '';
  if (content === '') return { answer: null, stop: 'gave_up', note: 'the model ended without tool calls or an answer' };
  return { answer: content, stop: 'answered' };
}

/** The assistant turn as it goes back in the next request: only the fields every compatible server accepts. */
function asHistory(message: AssistantMessage): ChatCompletionMessageParam {
  return {
    role: 'assistant',
    content: message.content,
    tool_calls: message.tool_calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.function.name, arguments: call.function.arguments },
    })),
  };
}
