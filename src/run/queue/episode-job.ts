import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { EpisodeRecord } from '../../../traces/index.ts';
import { toolSearchSettingsSchema } from '../../host/tool-search/settings.ts';

/** The BullMQ queue every coordinator and worker of a Redis database shares. */
export const EPISODE_QUEUE = 'tdo-episodes';

/**
 * The id of an episode run on the queue, which is also its job id: it depends only on the run, task and
 * repeat, so a job added twice (a resumed coordinator) or retried (a killed worker) is one job and one episode.
 */
export function queuedEpisodeId(runId: string, taskId: string, repeat: number): string {
  return `e-${createHash('sha256').update(`${runId}\0${taskId}\0${repeat}`).digest('hex').slice(0, 12)}`;
}

const descriptions = z.record(z.string(), z.string());

/** Which attempt an episode is: a job names it and the episode the worker records carries it back. */
const attempt = {
  runId: z.string(),
  taskId: z.string(),
  split: z.string(),
  repeat: z.number().int().nonnegative(),
  seed: z.number().int().nonnegative(),
};

/** What a worker needs to run one episode. No credentials: a worker reads those from its own environment. */
export const episodeJobSchema = z.strictObject({
  ...attempt,
  episodeId: z.string(),
  /**
   * the suite by name and hash: a worker runs it only when it serves a suite of that name with that hash
   * (src/run/queue/served-suites.ts); a job never says where a suite's file is or how its servers start
   */
  suite: z.strictObject({ name: z.string(), hash: z.string() }),
  /** every condition of the suite with the run's value */
  conditions: z.record(z.string(), z.string()),
  /** the agent's settings as the run stores them; the worker's CLI validates them */
  agent: z.record(z.string(), z.unknown()),
  /** server -> the description version the episode must see: its id and content hash */
  versions: z.record(z.string(), z.strictObject({ id: z.string(), hash: z.string() })),
  /** server -> descriptions substituted for what the server advertises (the run's --version) */
  overrides: z.record(z.string(), descriptions),
  /** deferred tool loading, when the run uses it */
  toolSearch: toolSearchSettingsSchema.optional(),
});
export type EpisodeJob = z.infer<typeof episodeJobSchema>;

const toolStep = z.strictObject({
  server: z.string(),
  name: z.string(),
  tool: z.string(),
  args: z.unknown(),
  output: z.string(),
  isError: z.boolean(),
  latencyMs: z.number(),
});
const modelStep = z.strictObject({
  model: z.string(),
  input: z.unknown(),
  output: z.unknown(),
  tokensIn: z.number().int().nonnegative().optional(),
  tokensOut: z.number().int().nonnegative().optional(),
  latencyMs: z.number(),
  cached: z.boolean().optional(),
  cost: z.number().nonnegative().optional(),
  tokensEstimated: z.string().optional(),
});

const episodeRecordSchema = z.strictObject({
  episode: z.strictObject({
    id: z.string(),
    ...attempt,
    startedAt: z.string(),
    finishedAt: z.string(),
  }),
  result: z.strictObject({
    status: z.enum(['completed', 'error']),
    answer: z.string().nullable(),
    success: z.boolean().nullable(),
    feedback: z.string(),
    stop: z.string(),
    note: z.string().optional(),
  }),
  steps: z.array(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('tool'), startedAt: z.string(), step: toolStep }),
      z.strictObject({ kind: z.literal('model'), startedAt: z.string(), step: modelStep }),
    ]),
  ),
  scores: z.array(z.strictObject({ name: z.string(), value: z.number(), comment: z.string().optional() })),
}) satisfies z.ZodType<EpisodeRecord>;

/** A worker's answer: the episode, and the suite and versions it ran, for the coordinator to check against its own. */
export const episodeJobResultSchema = z.strictObject({
  suiteHash: z.string(),
  versions: z.record(z.string(), z.strictObject({ id: z.string(), hash: z.string() })),
  record: episodeRecordSchema,
});
export type EpisodeJobResult = z.infer<typeof episodeJobResultSchema>;
