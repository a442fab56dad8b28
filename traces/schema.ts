// The trace store's tables. drizzle-kit generates traces/migrations/ from this file;
// after changing it run `npx drizzle-kit generate --config traces/drizzle.config.ts`.
import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const RUN_STATUSES = ['running', 'completed', 'interrupted', 'failed'] as const;
export const EPISODE_STATUSES = ['running', 'completed', 'error'] as const;
export const STEP_KINDS = ['model', 'tool'] as const;
export const VERSION_ORIGINS = ['seed', 'optimizer', 'manual', 'imported'] as const;

export type RunStatus = (typeof RUN_STATUSES)[number];
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];
export type StepKind = (typeof STEP_KINDS)[number];
export type VersionOrigin = (typeof VERSION_ORIGINS)[number];

/** `column IN ('a', 'b')`, so the database itself rejects values outside an enum. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);
}

export const runs = sqliteTable(
  'runs',
  {
    id: text('id').primaryKey(),
    createdAt: text('created_at').notNull(),
    finishedAt: text('finished_at'),
    status: text('status', { enum: RUN_STATUSES }).notNull(),
    suiteName: text('suite_name').notNull(),
    suitePath: text('suite_path').notNull(),
    agentId: text('agent_id').notNull(),
    split: text('split').notNull(),
    repeats: integer('repeats').notNull(),
    seed: integer('seed').notNull(),
    concurrency: integer('concurrency').notNull(),
    /** server name -> description version id used for every episode of the run */
    versionIds: text('version_ids', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    config: text('config', { mode: 'json' }).$type<unknown>(),
  },
  (t) => [index('runs_created_at_idx').on(t.createdAt), check('runs_status_check', oneOf('status', RUN_STATUSES))],
);

export const episodes = sqliteTable(
  'episodes',
  {
    id: text('id').primaryKey(),
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    split: text('split').notNull(),
    repeatIndex: integer('repeat_index').notNull(),
    seed: integer('seed').notNull(),
    status: text('status', { enum: EPISODE_STATUSES }).notNull(),
    startedAt: text('started_at').notNull(),
    finishedAt: text('finished_at'),
    answer: text('answer'),
    /** null while running */
    success: integer('success', { mode: 'boolean' }),
    feedback: text('feedback'),
    stopReason: text('stop_reason'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('episodes_run_task_repeat_idx').on(t.runId, t.taskId, t.repeatIndex),
    index('episodes_run_status_idx').on(t.runId, t.status),
    check('episodes_status_check', oneOf('status', EPISODE_STATUSES)),
  ],
);

export const steps = sqliteTable(
  'steps',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    episodeId: text('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    /** 0..n in the order the steps completed within the episode */
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: STEP_KINDS }).notNull(),
    startedAt: text('started_at').notNull(),
    latencyMs: real('latency_ms').notNull(),
    // tool steps
    server: text('server'),
    /** the tool's name on its own server */
    tool: text('tool'),
    /** the name the agent saw in its catalogue (may be prefixed or renamed) */
    catalogueName: text('catalogue_name'),
    arguments: text('arguments', { mode: 'json' }).$type<unknown>(),
    resultText: text('result_text'),
    isError: integer('is_error', { mode: 'boolean' }),
    // model steps
    model: text('model'),
    input: text('input', { mode: 'json' }).$type<unknown>(),
    output: text('output', { mode: 'json' }).$type<unknown>(),
    tokensIn: integer('tokens_in'),
    tokensOut: integer('tokens_out'),
    cached: integer('cached', { mode: 'boolean' }),
  },
  (t) => [
    uniqueIndex('steps_episode_seq_idx').on(t.episodeId, t.seq),
    index('steps_tool_idx').on(t.tool),
    check('steps_kind_check', oneOf('kind', STEP_KINDS)),
  ],
);

export const scores = sqliteTable(
  'scores',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    episodeId: text('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: real('value').notNull(),
    comment: text('comment'),
  },
  (t) => [index('scores_episode_name_idx').on(t.episodeId, t.name)],
);

export const descriptionVersions = sqliteTable(
  'description_versions',
  {
    id: text('id').primaryKey(),
    server: text('server').notNull(),
    /** tool name -> description text */
    descriptions: text('descriptions', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    contentHash: text('content_hash').notNull(),
    /** o200k_base token count summed over all descriptions */
    tokens: integer('tokens').notNull(),
    origin: text('origin', { enum: VERSION_ORIGINS }).notNull(),
    originDetail: text('origin_detail', { mode: 'json' }).$type<unknown>(),
    parents: text('parents', { mode: 'json' }).$type<string[]>().notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    // server comes first, so this index also serves lookups by server alone
    uniqueIndex('description_versions_server_hash_idx').on(t.server, t.contentHash),
    check('description_versions_origin_check', oneOf('origin', VERSION_ORIGINS)),
  ],
);

export const responseCache = sqliteTable('response_cache', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: text('created_at').notNull(),
});
