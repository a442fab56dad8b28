// The settings that decide an optimize search, as one zod schema: the run stores them (traces keeps them opaque,
// traces/run-settings.ts) and `--resume` parses them back here, so a resumed search never runs on a stored
// record it cannot read.
import * as z from 'zod';
import { inputError, toolSearchSettingsSchema } from '../../src/index.ts';
import { runSettings, type RunRow } from '../../traces/index.ts';
import { OBJECTIVES } from './report/agent-report.ts';
import { TARGET_NAMES } from '../adapter/targets.ts';

/** How the CLI rebuilds an agent or a proposer; opaque to the optimizer. */
const rebuildRecipe = z.record(z.string(), z.unknown());

/** Everything that decides the search, in the order a new search stores it; stored with the run so `--resume` repeats it exactly. */
export const optimizeSettingsSchema = z.object({
  server: z.string().min(1),
  target: z.enum(TARGET_NAMES),
  budget: z.number().int().positive(),
  minibatch: z.number().int().positive(),
  /** mutations tried at once (the engine's parallelIterations); absent (1) in runs stored before it */
  parallelIterations: z.number().int().positive().optional(),
  merge: z.boolean(),
  /** the random seed minibatches, parent draws, sim edits and episode seeds derive from (`--seed`) */
  randomSeed: z.number().int().nonnegative(),
  componentChoice: z.enum(['round-robin', 'attribution']),
  /** stop after this many iterations without a new best */
  patience: z.number().int().positive().optional(),
  /** 'pareto' (GEPA) or 'best' (hill climbing) */
  selector: z.enum(['pareto', 'best']),
  /** false: the proposer sees tasks only, no trajectories (the random-edit baseline) */
  reflection: z.boolean(),
  concurrency: z.number().int().positive(),
  /** suite condition values given (the suite's defaults fill the rest); absent in runs stored before conditions */
  conditions: z.record(z.string(), z.string()).optional(),
  /** deferred tool loading for every episode of the search (docs/tool-search.md); absent: every tool listed */
  toolSearch: toolSearchSettingsSchema.optional(),
  /** recorded episodes that stand for the seed's first minibatches, in the order they are used (see optimizer/adapter/recorded-seed.ts) */
  seedEpisodes: z.array(z.string()).optional(),
  /** whether OptimizeRequest.gate refused children before they were run; absent (off) in runs stored before the gate */
  honestyGate: z.boolean().optional(),
  /** no tool's description may exceed this many tokens (the gate refuses any proposal over it; token-budget.ts) */
  toolTokenBudget: z.number().int().positive().optional(),
  /** the server's descriptions together may not exceed this many tokens */
  catalogueTokenBudget: z.number().int().positive().optional(),
  /** description tokens are a second objective: an equal score with fewer tokens is better */
  paretoTokens: z.boolean().optional(),
  /** With `agents`, the first of them. */
  agent: rebuildRecipe,
  proposer: rebuildRecipe,
  /** `--agents`: how the CLI rebuilds each of several agents that all evaluate every candidate, in order */
  agents: z.array(rebuildRecipe).optional(),
  /** with `agents`: what "best" means, the mean of the agents' validation scores or the worst agent's */
  objective: z.enum(OBJECTIVES).optional(),
  /** with `agents`: the run holding each agent's episodes, in the order of `agents` (set when the search starts) */
  agentRuns: z.array(z.string()).optional(),
  /** set on an agent's own run: the optimize run it holds that agent's episodes for (resume that one) */
  agentRunOf: z.string().optional(),
});

export type OptimizeSettings = z.infer<typeof optimizeSettingsSchema>;

/**
 * Runs stored before the random seed was named apart from the seed descriptions keep it as `seed`: read as
 * `randomSeed`, so they resume as they ran.
 */
function withRandomSeedNamed(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || !('seed' in stored) || 'randomSeed' in stored) return stored;
  const { seed, ...rest } = stored as Record<string, unknown>;
  return { ...rest, randomSeed: seed };
}

/**
 * The search settings an optimize run stored; undefined for a run of another kind. Settings that do not parse
 * (written by hand, or by a release that stored something else) are an error naming the run and the field.
 */
export function storedOptimizeSettings(run: Pick<RunRow, 'id' | 'kind' | 'settings'>): OptimizeSettings | undefined {
  const stored = runSettings(run, 'optimize');
  if (stored === undefined) return undefined;
  const parsed = optimizeSettingsSchema.safeParse(withRandomSeedNamed(stored.optimize));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw inputError(`optimize run ${run.id} stores settings this release cannot read: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
}
