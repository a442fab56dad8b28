import * as z from 'zod';
import { AGENT_KIND_NAMES } from '../agents/kinds/agent-kinds.ts';
import { toolSearchBlockSchema } from '../catalogue/tool-search/settings.ts';
import { modelPriceSchema } from '../models/prices.ts';

const serverName = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9_-]+$/, 'server names use letters, digits, _ and -');

/**
 * One entry of `mcpServers`, in the shape Claude Code, Cursor and Claude Desktop use in their mcp.json:
 * a command to spawn over stdio, or the URL of a Streamable HTTP server. `type` may say which.
 */
export const stdioEntrySchema = z.strictObject({
  type: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  /** Working directory of the spawned server, relative to the config file (or a folder variable, src/suite/isolation.ts). */
  cwd: z.string().min(1).optional(),
  /** `episode`: a fresh process per episode; as in a suite's server entry (src/suite/schema.ts). */
  isolation: z.enum(['run', 'episode']).optional(),
});
export const httpEntrySchema = z.strictObject({
  /** `streamable-http` is what some hosts write for the same transport. */
  type: z.enum(['http', 'streamable-http']).optional(),
  url: z.url(),
  headers: z.record(z.string(), z.string()).default({}),
});
export const serverEntrySchema = z.union([stdioEntrySchema, httpEntrySchema]);

export const configSchema = z.strictObject({
  /** Editors use it to find tdo.config.schema.json; tdo ignores it. */
  $schema: z.string().optional(),
  mcpServers: z.record(serverName, serverEntrySchema).default({}),
  /** Suite name -> suite file (relative to the config file), so `tdo run --suite NAME` finds it. */
  suites: z
    .record(
      z
        .string()
        .min(1)
        .regex(/^[A-Za-z0-9_.-]+$/, 'suite names use letters, digits, _ . and -'),
      z.string().min(1),
    )
    .default({}),
  /** Defaults for `tdo run` flags (--agent, --model, --max-steps); flags win. */
  agent: z
    .strictObject({
      kind: z.enum(AGENT_KIND_NAMES).optional(),
      model: z.string().min(1).optional(),
      maxSteps: z.number().int().positive().optional(),
    })
    .optional(),
  /** Defaults for deferred tool loading (--tool-search, --tool-search-k); flags and the suite file's `toolSearch` win. */
  toolSearch: toolSearchBlockSchema.optional(),
  /**
   * The OpenAI-compatible endpoint, used when OPENAI_BASE_URL / OPENAI_API_KEY are not set, and the account's
   * rate limits (requests and tokens per minute), which --rpm and --tpm override, and what each model costs
   * (US dollars per million tokens, keyed by the model name as --model gives it; a model not listed is "price unknown").
   */
  model: z
    .strictObject({
      baseUrl: z.url().optional(),
      apiKey: z.string().min(1).optional(),
      rpm: z.number().int().positive().optional(),
      tpm: z.number().int().positive().optional(),
      prices: z.record(z.string().min(1), modelPriceSchema).default({}),
    })
    .optional(),
  /** Langfuse, used when the LANGFUSE_* variables are not set. */
  langfuse: z.strictObject({ publicKey: z.string().min(1), secretKey: z.string().min(1), baseUrl: z.url() }).optional(),
  /** The trace database (relative to the config file), used when --db and TDO_DB are not given. */
  db: z.string().min(1).optional(),
});

export type TdoConfig = z.infer<typeof configSchema>;
export type ServerEntry = z.infer<typeof serverEntrySchema>;

/** The JSON Schema of tdo.config.json, as shipped in src/config/tdo.config.schema.json. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { io: 'input', target: 'draft-2020-12' }),
    title: 'tdo.config.json',
  };
}
