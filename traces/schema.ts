// The trace store's tables. drizzle-kit generates traces/migrations/ from this file;
// after changing it run `npx drizzle-kit generate --config traces/drizzle.config.ts`.
import { getTableName, sql, type Table } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex, type SQLiteColumn, type SQLiteColumnBuilderBase } from 'drizzle-orm/sqlite-core';

export const RUN_STATUSES = ['running', 'completed', 'interrupted', 'failed'] as const;
/** What made a run; each kind stores its own settings (traces/run-settings.ts). */
export const RUN_KINDS = ['suite', 'optimize', 'experiment', 'proxy', 'imported'] as const;
export const EPISODE_STATUSES = ['running', 'completed', 'error'] as const;
export const STEP_KINDS = ['model', 'tool'] as const;
export const VERSION_ORIGINS = ['seed', 'optimizer', 'manual', 'imported'] as const;

export type RunStatus = (typeof RUN_STATUSES)[number];
export type RunKind = (typeof RUN_KINDS)[number];
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];
export type StepKind = (typeof STEP_KINDS)[number];
export type VersionOrigin = (typeof VERSION_ORIGINS)[number];

/**
 * `<table>_<column>_check`: `column IN ('a', 'b')` over the enum the column declares, so the database itself
 * rejects values outside it, and the constraint's name and values cannot drift from the column's.
 */
function enumCheck(column: { name: string; table: Table; enumValues: readonly string[] | undefined }) {
  const values = column.enumValues;
  if (values === undefined) throw new Error(`column ${column.name} declares no enum to check`);
  return check(`${getTableName(column.table)}_${column.name}_check`, sql.raw(`${column.name} IN (${values.map((v) => `'${v}'`).join(', ')})`));
}

/** `<table>_run_<key>_idx`: a record of a run is one row per run and key (an optimizer record's ordinal, position or iteration). */
function onePerRun(runId: SQLiteColumn, key: SQLiteColumn) {
  return uniqueIndex(`${getTableName(key.table)}_run_${key.name}_idx`).on(runId, key);
}

/** The run a row belongs to: deleting the run deletes the row. */
const runIdColumn = () =>
  text('run_id')
    .notNull()
    .references(() => runs.id, { onDelete: 'cascade' });
/** The episode a row belongs to: deleting the episode deletes the row. */
const episodeIdColumn = () =>
  text('episode_id')
    .notNull()
    .references(() => episodes.id, { onDelete: 'cascade' });
/** A plain rowid (no AUTOINCREMENT, which costs a sqlite_sequence write per insert): nothing refers to such a row by id. */
const rowIdColumn = () => integer('id').primaryKey();

/**
 * A table of one kind of search record: the run first, then `columns`, then when it was written; one row per run
 * and `key`, and the database checks the enum column `kind`.
 */
function searchRecords<TName extends string, TColumns extends Record<string, SQLiteColumnBuilderBase>>(
  name: TName,
  key: keyof TColumns & string,
  kind: keyof TColumns & string,
  columns: TColumns,
) {
  return sqliteTable(name, { runId: runIdColumn(), ...columns, createdAt: text('created_at').notNull() }, (t) => [
    onePerRun(t.runId, t[key]),
    enumCheck(t[kind]),
  ]);
}

export const runs = sqliteTable(
  'runs',
  {
    id: text('id').primaryKey(),
    createdAt: text('created_at').notNull(),
    finishedAt: text('finished_at'),
    status: text('status', { enum: RUN_STATUSES }).notNull(),
    kind: text('kind', { enum: RUN_KINDS }).notNull(),
    suiteName: text('suite_name').notNull(),
    suitePath: text('suite_path').notNull(),
    agentId: text('agent_id').notNull(),
    split: text('split').notNull(),
    repeats: integer('repeats').notNull(),
    seed: integer('seed').notNull(),
    concurrency: integer('concurrency').notNull(),
    /** server name -> description version id used for every episode of the run */
    versionIds: text('version_ids', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    /** what the run was made with, one shape per kind (traces/run-settings.ts) */
    settings: text('settings', { mode: 'json' }).$type<unknown>().notNull(),
    /** the suite check printed when the run started (cli/suite-check.ts), for `tdo view`; null for runs that print none */
    suiteCheck: text('suite_check'),
  },
  (t) => [index('runs_created_at_idx').on(t.createdAt), enumCheck(t.status), enumCheck(t.kind)],
);

export const episodes = sqliteTable(
  'episodes',
  {
    id: text('id').primaryKey(),
    runId: runIdColumn(),
    taskId: text('task_id').notNull(),
    split: text('split').notNull(),
    repeatIndex: integer('repeat_index').notNull(),
    /** an optimize run's episodes: the evaluation they belong to (optimizer_evaluations.ordinal); null in other runs */
    evaluation: integer('evaluation'),
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
    // newest-first listings (`tdo traces list`) read this instead of sorting every episode
    index('episodes_started_at_idx').on(t.startedAt),
    enumCheck(t.status),
    // an evaluation runs each task once, so its ordinal is also what keys the attempt (see ARCHITECTURE.md, records)
    check('episodes_evaluation_check', sql`evaluation IS NULL OR evaluation = repeat_index`),
  ],
);

/** What only a tool step records (null on a model step). */
const toolStepColumns = {
  server: text('server'),
  /** the tool's name on its own server */
  tool: text('tool'),
  /** the name the agent saw in its catalogue (may be prefixed or renamed) */
  catalogueName: text('catalogue_name'),
  arguments: text('arguments', { mode: 'json' }).$type<unknown>(),
  resultText: text('result_text'),
  isError: integer('is_error', { mode: 'boolean' }),
};

/** What only a model step records (null on a tool step). */
const modelStepColumns = {
  model: text('model'),
  input: text('input', { mode: 'json' }).$type<unknown>(),
  output: text('output', { mode: 'json' }).$type<unknown>(),
  tokensIn: integer('tokens_in'),
  tokensOut: integer('tokens_out'),
  cached: integer('cached', { mode: 'boolean' }),
  /** US dollars at the price configured when it ran; 0 when answered from the response cache; null when no price was set */
  cost: real('cost'),
  /** why tokens_in and tokens_out are tdo's estimate (the endpoint sent no usage, or usage that does not add up); null when they are the endpoint's */
  tokensEstimated: text('tokens_estimated'),
};

export const steps = sqliteTable(
  'steps',
  {
    id: rowIdColumn(),
    episodeId: episodeIdColumn(),
    /** 0..n in the order the steps completed within the episode */
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: STEP_KINDS }).notNull(),
    startedAt: text('started_at').notNull(),
    latencyMs: real('latency_ms').notNull(),
    ...toolStepColumns,
    ...modelStepColumns,
  },
  (t) => [
    uniqueIndex('steps_episode_seq_idx').on(t.episodeId, t.seq),
    // (tool, episode) and not (tool) alone: "did this episode call tool T" is then one lookup, where a
    // bare tool index led SQLite to scan every call of T for each episode (minutes at a million steps)
    // model steps (half of all steps) have no tool: leaving them out halves the index and its writes
    index('steps_tool_idx')
      .on(t.tool, t.episodeId)
      .where(sql`tool IS NOT NULL`),
    enumCheck(t.kind),
  ],
);

export const scores = sqliteTable(
  'scores',
  {
    id: rowIdColumn(),
    episodeId: episodeIdColumn(),
    name: text('name').notNull(),
    value: real('value').notNull(),
    comment: text('comment'),
  },
  (t) => [
    index('scores_episode_name_idx').on(t.episodeId, t.name),
    // one score across episodes (a used-server share per version) without reading every score row
    index('scores_name_idx').on(t.name, t.episodeId, t.value),
  ],
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
    enumCheck(t.origin),
  ],
);

/**
 * One finished `tdo experiment` (or the experiment of a demo): its runs are kind 'experiment' rows of `runs`; this
 * keeps what ties them together, so the report can be read again (`tdo view`).
 */
export const experiments = sqliteTable(
  'experiments',
  {
    id: text('id').primaryKey(),
    createdAt: text('created_at').notNull(),
    /** the suites measured, in order */
    suites: text('suites', { mode: 'json' }).$type<string[]>().notNull(),
    agentId: text('agent_id').notNull(),
    verdict: text('verdict').notNull(),
    /** what was measured and by which runs (experiments/runner/experiment-record.ts reads it) */
    record: text('record', { mode: 'json' }).$type<unknown>().notNull(),
  },
  (t) => [index('experiments_created_at_idx').on(t.createdAt)],
);

export const responseCache = sqliteTable('response_cache', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: text('created_at').notNull(),
});

// ---- optimizer runs (optimizer/): one `runs` row per optimize run (kind 'optimize', its settings there), plus
// what the search decided. Its episodes carry the evaluation they belong to (episodes.evaluation).

export const OPTIMIZER_EVALUATION_PURPOSES = ['val', 'minibatch-parent', 'minibatch-child', 'merge-subsample', 'report'] as const;
export const OPTIMIZER_CANDIDATE_ORIGINS = ['seed', 'mutation', 'merge'] as const;
export const OPTIMIZER_PROPOSAL_KINDS = ['mutation', 'merge'] as const;

export const optimizerRuns = sqliteTable('optimizer_runs', {
  runId: text('run_id')
    .primaryKey()
    .references(() => runs.id, { onDelete: 'cascade' }),
  target: text('target').notNull(),
  server: text('server').notNull(),
  seedVersionId: text('seed_version_id').notNull(),
  bestVersionId: text('best_version_id'),
  budgetUsed: integer('budget_used'),
  stopReason: text('stop_reason'),
  /** the final report, set when the run completes */
  summary: text('summary', { mode: 'json' }).$type<unknown>(),
});

export const optimizerEvaluations = searchRecords('optimizer_evaluations', 'ordinal', 'purpose', {
  /** the repeat_index of this evaluation's episodes */
  ordinal: integer('ordinal').notNull(),
  purpose: text('purpose', { enum: OPTIMIZER_EVALUATION_PURPOSES }).notNull(),
  iteration: integer('iteration').notNull(),
  /** content hash of the evaluated descriptions (see description_versions.content_hash) */
  candidateHash: text('candidate_hash').notNull(),
  taskIds: text('task_ids', { mode: 'json' }).$type<string[]>().notNull(),
});

export const optimizerCandidates = searchRecords('optimizer_candidates', 'candidate', 'origin', {
  /** position in the candidate pool, 0 = seed */
  candidate: integer('candidate').notNull(),
  origin: text('origin', { enum: OPTIMIZER_CANDIDATE_ORIGINS }).notNull(),
  iteration: integer('iteration').notNull(),
  /** pool positions of the parents */
  parents: text('parents', { mode: 'json' }).$type<number[]>().notNull(),
  descriptions: text('descriptions', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  candidateHash: text('candidate_hash').notNull(),
  /** task id -> target score on the validation split */
  valScores: text('val_scores', { mode: 'json' }).$type<Record<string, number>>().notNull(),
  valMean: real('val_mean').notNull(),
  /** mean success, first-choice share, ... on the validation split */
  valMetrics: text('val_metrics', { mode: 'json' }).$type<Record<string, number>>().notNull(),
  budgetUsed: integer('budget_used').notNull(),
});

export const optimizerProposals = searchRecords('optimizer_proposals', 'iteration', 'kind', {
  iteration: integer('iteration').notNull(),
  kind: text('kind', { enum: OPTIMIZER_PROPOSAL_KINDS }).notNull(),
  parents: text('parents', { mode: 'json' }).$type<number[]>().notNull(),
  /** the component (tool) rewritten; null for a merge */
  component: text('component'),
  proposer: text('proposer'),
  /** the proposer's output as made: new text or refusal, prompt and answer or operators applied */
  proposal: text('proposal', { mode: 'json' }).$type<unknown>().notNull(),
  minibatch: text('minibatch', { mode: 'json' }).$type<string[]>().notNull(),
  /** where the parent's scores and reflection came from: run now, or episodes recorded before the search (imported) */
  parentScores: text('parent_scores', { enum: ['evaluated', 'recorded', 'evaluated-reflecting-recorded'] })
    .notNull()
    .default('evaluated'),
  scoresBefore: text('scores_before', { mode: 'json' }).$type<number[]>(),
  scoresAfter: text('scores_after', { mode: 'json' }).$type<number[]>(),
  /** null until judged */
  accepted: integer('accepted', { mode: 'boolean' }),
  reason: text('reason'),
  /** pool position of the candidate it became, when accepted and validated */
  child: integer('child'),
  /** the proposed descriptions the honesty gate refused, each with the rule it named; null until judged */
  gateRefusals: text('gate_refusals', { mode: 'json' }).$type<Array<{ component: string; rule: string }>>(),
});
