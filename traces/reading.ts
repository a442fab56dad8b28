// Reading traces back: episode lists, full trajectories and per-run aggregates (traces/run-aggregates.ts).
import { and, asc, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { TraceDb } from './open.ts';
import { prepareScoreTotals, runSummary, toolResults, toolSelectionCounts } from './run-aggregates.ts';
import { episodes, scores, steps } from './schema.ts';
import type { EpisodeQuery, EpisodeSummary, StepRow, TraceReader } from './types.ts';

function episodeFilter(q: EpisodeQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.runId !== undefined) conditions.push(eq(episodes.runId, q.runId));
  if (q.failed === true) conditions.push(ne(episodes.status, 'running'), eq(episodes.success, false));
  if (q.failed === false) conditions.push(eq(episodes.success, true));
  if (q.errored === true) conditions.push(eq(episodes.status, 'error'));
  return and(...conditions);
}

/**
 * A step's table row as the step it records: a tool step's columns under the ToolCall names
 * (catalogue_name is `name`, arguments `args`, result_text `output`), a model step's model columns.
 */
function stepOf(row: typeof steps.$inferSelect): StepRow {
  const place = { id: row.id, episodeId: row.episodeId, seq: row.seq, startedAt: row.startedAt };
  if (row.kind === 'model') {
    const { model, input, output, tokensIn, tokensOut, cached, cost, tokensEstimated } = row;
    return { ...place, kind: 'model', latencyMs: row.latencyMs, model, input, output, tokensIn, tokensOut, cached, cost, tokensEstimated };
  }
  // a tool step's server, tool, name, result and error flag are always written (traces/recording.ts)
  return {
    ...place,
    kind: 'tool',
    server: row.server ?? '',
    name: row.catalogueName ?? row.tool ?? '',
    tool: row.tool ?? '',
    args: row.arguments,
    output: row.resultText ?? '',
    isError: row.isError === true,
    latencyMs: row.latencyMs,
  };
}

export function traceReader(db: TraceDb): TraceReader {
  const scoreTotals = prepareScoreTotals(db);
  return {
    listEpisodes: (q) => listEpisodes(db, q),
    getTrajectory: trajectoryReader(db),
    toolSelectionCounts: (runId) => toolSelectionCounts(db, runId),
    runSummary: (runId) => runSummary(db, runId),
    scoreTotals: (runId) => scoreTotals.all({ runId }),
    toolResults: (query) => toolResults(db, query),
  };
}

function listEpisodes(db: TraceDb, q: EpisodeQuery): EpisodeSummary[] {
  // Pick the page first and count tool calls only for its rows: counting in the same query
  // would count the steps of every matching episode before the limit applies.
  const page = db
    .select({ ...getTableColumns(episodes), rowOrder: sql<number>`${episodes}.rowid`.as('row_order') })
    .from(episodes)
    .where(episodeFilter(q))
    .orderBy(desc(episodes.startedAt), desc(sql`${episodes}.rowid`)) // rowid breaks same-millisecond ties
    .limit(q.limit ?? -1) // -1: no limit
    .as('page');
  const { rowOrder: _rowOrder, ...columns } = page._.selectedFields; // row_order is for sorting only
  const toolCalls = sql<number>`(SELECT COUNT(*) FROM steps AS s WHERE s.episode_id = page.id AND s.kind = 'tool')`;
  return db
    .select({ ...columns, toolCalls: toolCalls.mapWith(Number) })
    .from(page)
    .orderBy(desc(page.startedAt), desc(page.rowOrder))
    .all();
}

/** An episode's trajectory by its id: the episode, its steps in order and its scores. */
function trajectoryReader(db: TraceDb): TraceReader['getTrajectory'] {
  // Prepared once: trajectories are read back per episode (Langfuse export, optimizer),
  // and building a drizzle query costs more than running it.
  const byEpisode = sql.placeholder('episodeId');
  const queries = {
    episode: db.select().from(episodes).where(eq(episodes.id, byEpisode)).prepare(),
    steps: db.select().from(steps).where(eq(steps.episodeId, byEpisode)).orderBy(asc(steps.seq)).prepare(),
    scores: db.select().from(scores).where(eq(scores.episodeId, byEpisode)).orderBy(asc(scores.id)).prepare(),
  };
  return (episodeId) => {
    const episode = queries.episode.get({ episodeId });
    if (!episode) return undefined;
    return { episode, steps: queries.steps.all({ episodeId }).map(stepOf), scores: queries.scores.all({ episodeId }) };
  };
}
