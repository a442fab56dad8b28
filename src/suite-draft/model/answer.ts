// The model's answers, read with zod: one JSON object (a fenced block is unwrapped), in the shape its request
// asked for. What does not parse is a problem in words, which the drafting loop sends back to the model.
import * as z from 'zod';

const argumentsSchema = z.record(z.string(), z.unknown()).default({});
const promptSchema = z.string().trim().min(8, 'a request of at least 8 characters');

export const toolRequestsAnswerSchema = z.object({
  requests: z.array(z.object({ prompt: promptSchema, arguments: argumentsSchema })),
  paraphrases: z.array(z.object({ prompt: promptSchema, arguments: argumentsSchema })),
});
export type ToolRequestsAnswer = z.infer<typeof toolRequestsAnswerSchema>;
export type DraftedRequest = ToolRequestsAnswer['requests'][number];

export const negativesAnswerSchema = z.object({ requests: z.array(z.object({ prompt: promptSchema })) });
export type NegativesAnswer = z.infer<typeof negativesAnswerSchema>;

const sequenceStepSchema = z.object({ tool: z.string().trim().min(1), need: z.string().trim().min(1), arguments: argumentsSchema });
export const sequencesAnswerSchema = z.object({
  requests: z.array(z.object({ prompt: promptSchema, steps: z.array(sequenceStepSchema).length(2, 'exactly two steps') })),
});
export type SequencesAnswer = z.infer<typeof sequencesAnswerSchema>;

export const probeAnswerSchema = z.object({ calls: z.array(z.object({ arguments: argumentsSchema })).min(1) });
export type ProbeAnswer = z.infer<typeof probeAnswerSchema>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The answer's JSON object, read with the schema; a problem says what was wrong, for the model and the error. */
export function parseAnswer<T>(content: string | null | undefined, schema: z.ZodType<T>): Parsed<T> {
  const text = unfenced(content ?? '').trim();
  if (text === '') return { ok: false, problem: 'the answer is empty.' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `the answer is not one JSON object (${(error as Error).message}).` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: `the JSON does not have the shape asked for: ${z.prettifyError(parsed.error).replace(/\n+/g, ' ')}` };
  return { ok: true, value: parsed.data };
}

/** The inside of a ```json fenced block when the answer is one; the answer itself otherwise. */
function unfenced(text: string): string {
  const fenced = /^\s*```[A-Za-z]*\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  return fenced === null ? text : fenced[1]!;
}
