import { createHash } from 'node:crypto';
import * as z from 'zod';
import { MAX_DESCRIPTION_CHARS, type EpisodeRecord } from '../../../traces/index.ts';
import { toolSearchSettingsSchema } from '../../catalogue/tool-search/settings.ts';

/** The BullMQ queue every coordinator and worker of a Redis database shares. */
export const EPISODE_QUEUE = 'tdo-episodes';

/**
 * The id of an episode run on the queue, which is also its job id: it depends only on the run, task and
 * repeat, so a job added twice (a resumed coordinator) or retried (a killed worker) is one job and one episode.
 */
export function queuedEpisodeId(runId: string, taskId: string, repeat: number): string {
  return `e-${createHash('sha256').update(`${runId}\0${taskId}\0${repeat}`).digest('hex').slice(0, 12)}`;
}

/**
 * The most a job may weigh, as JSON: far above a run's (a job's descriptions are at most a suite's tools, each
 * within MAX_DESCRIPTION_CHARS), far below what would take a worker's memory or stall it past its lock.
 */
export const MAX_JOB_CHARS = 4 * 1024 * 1024;
/** The longest id, name, hash or condition value a job may carry. */
const MAX_NAME_CHARS = 256;
/** The most entries a job's maps (servers, conditions, agent settings) may hold. */
const MAX_ENTRIES = 64;
/** The most tools a job may give descriptions for on one server. */
export const MAX_JOB_TOOLS = 1_000;

const name = z.string().max(MAX_NAME_CHARS);
/** A map with bounded keys and at most `max` entries. */
const boundedRecord = <T extends z.ZodType>(value: T, max = MAX_ENTRIES) =>
  z.record(name, value).refine((entries) => Object.keys(entries).length <= max, `has more than ${max} entries`);

const descriptions = boundedRecord(
  z.string().max(MAX_DESCRIPTION_CHARS, `a description is longer than ${MAX_DESCRIPTION_CHARS.toLocaleString('en-US')} characters`),
  MAX_JOB_TOOLS,
);

/** Which attempt an episode is: a job names it and the episode the worker records carries it back. */
const attempt = {
  runId: name,
  taskId: name,
  split: name,
  repeat: z.number().int().nonnegative(),
  seed: z.number().int().nonnegative(),
};

/** What a worker needs to run one episode. No credentials: a worker reads those from its own environment. */
export const episodeJobSchema = z.strictObject({
  ...attempt,
  episodeId: name,
  /**
   * the suite by name and hash: a worker runs it only when it serves a suite of that name with that hash
   * (src/run/queue/served-suites.ts); a job never says where a suite's file is or how its servers start
   */
  suite: z.strictObject({ name, hash: name }),
  /** every condition of the suite with the run's value */
  conditions: boundedRecord(name),
  /**
   * the agent's settings as the run stores them; the worker's CLI validates them and builds only an agent its
   * operator allows (its models, its step limit)
   */
  agent: boundedRecord(z.unknown()),
  /** server -> the description version the episode must see: its id and content hash */
  versions: boundedRecord(z.strictObject({ id: name, hash: name })),
  /** server -> descriptions substituted for what the server advertises (the run's --version) */
  overrides: boundedRecord(descriptions),
  /** deferred tool loading, when the run uses it */
  toolSearch: toolSearchSettingsSchema.optional(),
});
export type EpisodeJob = z.infer<typeof episodeJobSchema>;

/** A job's data as an episode this tdo runs, or why it is none: weighed first, then read with its bounds. */
export function readEpisodeJob(data: unknown): EpisodeJob | { refused: string } {
  const chars = JSON.stringify(data)?.length ?? 0;
  if (chars > MAX_JOB_CHARS)
    return { refused: `it is ${chars.toLocaleString('en-US')} characters of JSON; a tdo episode job is at most ${MAX_JOB_CHARS.toLocaleString('en-US')}` };
  const parsed = episodeJobSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  const shown = issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`);
  return { refused: `${shown.join('; ')}${issues.length > shown.length ? `; and ${issues.length - shown.length} more` : ''}` };
}

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
