// What tdo puts into Langfuse and reads back: one schema for both directions.
import * as z from 'zod';

/** Marks an `agent` observation written by tdo (and the format version of what it carries). */
export const TDO_TRACE_FORMAT = 'tdo/1';

/** The `agent` observation's input: everything needed to rebuild the run and the episode. */
export const agentInputSchema = z.object({
  format: z.literal(TDO_TRACE_FORMAT),
  run: z.object({
    id: z.string().min(1),
    suite: z.string().min(1),
    suitePath: z.string(),
    agent: z.string().min(1),
    split: z.string().min(1),
    repeats: z.number().int().positive(),
    seed: z.number().int().nonnegative(),
    versionIds: z.record(z.string(), z.string()),
    condition: z.string().optional(),
  }),
  episode: z.object({
    id: z.string().min(1),
    task: z.string().min(1),
    split: z.string().min(1),
    repeat: z.number().int().nonnegative(),
    seed: z.number().int(),
  }),
});
export type AgentInput = z.infer<typeof agentInputSchema>;

/** The `agent` observation's output: the episode's result as the checker saw it. */
export const agentOutputSchema = z.object({
  status: z.enum(['completed', 'error']),
  answer: z.string().nullable(),
  success: z.boolean(),
  feedback: z.string(),
  stop: z.string(),
  note: z.string().nullable(),
});
export type AgentOutput = z.infer<typeof agentOutputSchema>;

// Observation metadata travels as OpenTelemetry string attributes; Langfuse may hand values back as
// strings or as parsed JSON, so the reader accepts both.
const metaNumber = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number());
const metaBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const metaString = z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v), z.string());

export const stepMetadataSchema = z.object({ seq: metaNumber.pipe(z.number().int().nonnegative()), latencyMs: metaNumber });

export const toolMetadataSchema = stepMetadataSchema.extend({
  server: metaString,
  tool: metaString,
  catalogueName: metaString,
  isError: metaBoolean,
});
export type ToolMetadata = z.infer<typeof toolMetadataSchema>;

export const generationMetadataSchema = stepMetadataSchema.extend({ cached: metaBoolean });
export type GenerationMetadata = z.infer<typeof generationMetadataSchema>;

/**
 * Values are sent as JSON text (so the string "42" and the number 42 stay apart); the reader parses
 * text back and takes anything already parsed as is.
 */
export function toWire(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function fromWire(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
