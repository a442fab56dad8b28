import type { ToolInvoker } from '../../catalogue/catalogue-types.ts';
import type { FunctionToolCall } from '../../models/completion-schema.ts';
import type { DeferredTools } from '../../host/tool-search-session.ts';

/**
 * The text to send back for one tool call the model made. Calls the model cannot have meant
 * (unknown name, arguments that are not a JSON object) are answered with an explanation, so the
 * model can correct itself, and never reach a server.
 *
 * A call to an unknown name with an arguments object still goes to `tools`: the host routes it to no
 * server and records it as an errored tool step, so the trajectory shows the model reaching for a
 * tool that is not there. Arguments that are not a JSON object are answered here and not recorded:
 * the invoker takes an object, and there is no call to record.
 */
export async function answerToolCall(call: FunctionToolCall, toolNames: readonly string[], tools: ToolInvoker): Promise<string> {
  const { name } = call.function;
  const args = parseArguments(call.function.arguments);
  if (!toolNames.includes(name)) {
    // The host's own answer is discarded: the model reads ours, with the names as it was offered them.
    if (typeof args !== 'string') await tools.call(name, args);
    return `Error: there is no tool named "${name}". Available tools: ${toolNames.join(', ')}.`;
  }
  if (typeof args === 'string') {
    return `Error: the arguments for ${name} ${args}. Call ${name} again with a JSON object that matches its parameters.`;
  }
  const outcome = await tools.call(name, args);
  return outcome.text;
}

/** The text to send back for a call of the host's search tool: its results, or how to call it. The host records the search. */
export function answerSearchCall(call: FunctionToolCall, search: DeferredTools): string {
  const { name } = search.tool;
  const args = parseArguments(call.function.arguments);
  if (typeof args === 'string') return `Error: the arguments for ${name} ${args}. Call ${name} again with {"query": "..."}.`;
  if (typeof args.query !== 'string' || args.query.trim() === '') return `Error: ${name} needs a "query" string. Call ${name} again with {"query": "..."}.`;
  return search.search(args.query).text;
}

/** The arguments object, or why it is not one. An empty string means "no arguments", as some servers send. */
function parseArguments(text: string): Record<string, unknown> | string {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `are not valid JSON (${(error as Error).message})`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `must be a JSON object, not ${describeJsonType(value)}`;
  }
  return value as Record<string, unknown>;
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
