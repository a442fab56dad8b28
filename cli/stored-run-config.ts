// What a suite run (`tdo run`, each run of `tdo experiment`) stores and `--resume` reads back, as the CLI checks
// it: the trace store keeps the agent opaque (traces/run-settings.ts), so this schema is the one that rebuilds it.
import * as z from 'zod';
import { agentConfigSchema, SPLITS, toolSearchSettingsSchema, type AgentConfig, type StoredRunConfig } from '../src/index.ts';

/** What `--resume` reads of a suite run's stored config: the settings that rebuild the run and its agent. */
export const storedRunConfigSchema = z.object({
  options: z.object({
    split: z.enum([...SPLITS, 'all']),
    repeats: z.number().int().positive(),
    seed: z.number().int().nonnegative(),
    concurrency: z.number().int().positive(),
    versionIds: z.array(z.string()),
    conditions: z.record(z.string(), z.string()).optional(),
    toolSearch: toolSearchSettingsSchema.optional(),
  }),
  agent: agentConfigSchema,
}) satisfies z.ZodType<Pick<StoredRunConfig, 'options'> & { agent: AgentConfig }>;

export type StoredRunSettings = z.infer<typeof storedRunConfigSchema>;
