// What an agent's first model call says about the episode: the user's request and the system prompt it ran
// under. A recorded model call's input is the chat messages it sent (src/agents/llm/agent.ts records them; an
// import from Langfuse keeps them as sent), read here with zod since an import may hold any agent's messages.
import * as z from 'zod';

const partSchema = z.looseObject({ type: z.string(), text: z.string().optional() });
const messageSchema = z.looseObject({ role: z.string(), content: z.union([z.string(), z.array(partSchema), z.null()]).optional() });
const messagesSchema = z.array(z.unknown());

export interface ConversationStart {
  /** the first user message's text, trimmed; undefined when the call sent none */
  request?: string;
  /** the first system (or developer) message's text */
  systemPrompt?: string;
}

/** The request and system prompt of a model call's input, when it is a list of chat messages. */
export function conversationStart(input: unknown): ConversationStart {
  const list = messagesSchema.safeParse(input);
  if (!list.success) return {};
  const start: ConversationStart = {};
  for (const raw of list.data) {
    const message = messageSchema.safeParse(raw);
    if (!message.success) continue;
    const text = textOf(message.data.content);
    if (text === undefined) continue;
    if (message.data.role === 'user' && start.request === undefined) start.request = text;
    if ((message.data.role === 'system' || message.data.role === 'developer') && start.systemPrompt === undefined) start.systemPrompt = text;
  }
  return start;
}

/** A message's text: the string, or its text parts joined (an image part has none). */
function textOf(content: z.infer<typeof messageSchema>['content']): string | undefined {
  const text = typeof content === 'string' ? content : (content ?? []).flatMap((part) => (part.text === undefined ? [] : [part.text])).join('\n');
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}
