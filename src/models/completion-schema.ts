import * as z from 'zod';

/**
 * The parts of a chat completion the agent relies on, checked because any OpenAI-compatible
 * server may answer (or a cache entry may be stale). Unknown fields are kept.
 */
export const functionToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function').default('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

export const assistantMessageSchema = z.object({
  role: z.literal('assistant').default('assistant'),
  content: z
    .string()
    .nullish()
    .transform((content) => content ?? null),
  tool_calls: z
    .array(functionToolCallSchema)
    .nullish()
    .transform((calls) => calls ?? []),
});

export const chatCompletionSchema = z.looseObject({
  choices: z.array(z.looseObject({ message: assistantMessageSchema })).min(1, 'the completion has no choices'),
  /** read apart (src/models/usage.ts): usage that does not add up spoils the count, never the answer */
  usage: z.unknown().optional(),
});

/** A body that reports an error instead of a completion, which some gateways send with HTTP 200. */
export const errorBodySchema = z.looseObject({
  error: z.union([z.string().min(1), z.looseObject({ message: z.string().min(1) })]),
});

export type FunctionToolCall = z.infer<typeof functionToolCallSchema>;
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;
export type ChatCompletionReply = z.infer<typeof chatCompletionSchema>;
