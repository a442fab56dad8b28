import * as z from 'zod';
import type { FunctionToolCall } from '../../models/completion-schema.ts';

/** One call as local models write it: Hermes tags hold `arguments`, Llama-style JSON content `parameters`. */
const writtenCallSchema = z.strictObject({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

const OPEN = '<tool_call>';
const CLOSE = '</tool_call>';

/**
 * Tool calls a local server left in the message text instead of `tool_calls` (vLLM, Ollama or llama.cpp without
 * a tool parser for the model). Taken as calls only when unambiguous: the whole text is one or more
 * `<tool_call>{...}</tool_call>` blocks, or one JSON object, each naming an offered tool with an object of
 * arguments. Anything else (prose around it, an unknown name, JSON that does not parse) stays a plain answer.
 * `turn` keeps the made-up call ids apart across the episode.
 */
export function toolCallsInText(content: string | null, toolNames: readonly string[], turn: number): FunctionToolCall[] {
  const text = content?.trim() ?? '';
  const written = text.startsWith(OPEN) ? taggedBlocks(text) : [text];
  const calls = written?.map((block) => asCall(block, toolNames));
  if (calls === undefined || calls.length === 0 || calls.some((call) => call === undefined)) return [];
  return calls.map((call, k) => ({ id: `text_call_${turn}_${k}`, type: 'function', function: call! }));
}

/** The inside of each block, or undefined when anything but whitespace lies outside the blocks. */
function taggedBlocks(text: string): string[] | undefined {
  const pieces = text.split(CLOSE);
  if (pieces.pop()?.trim() !== '') return undefined;
  const blocks = pieces.map((piece) => piece.trim());
  return blocks.every((block) => block.startsWith(OPEN)) ? blocks.map((block) => block.slice(OPEN.length)) : undefined;
}

function asCall(block: string, toolNames: readonly string[]): FunctionToolCall['function'] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(block);
  } catch {
    return undefined;
  }
  const parsed = writtenCallSchema.safeParse(value);
  if (!parsed.success || !toolNames.includes(parsed.data.name)) return undefined;
  const { name, arguments: args, parameters } = parsed.data;
  if (args !== undefined && parameters !== undefined) return undefined;
  return { name, arguments: JSON.stringify(args ?? parameters ?? {}) };
}
