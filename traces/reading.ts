// Reading traces back: episode lists, full trajectories and per-run aggregates.
import { and, asc, count, desc, eq, getTableColumns, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { TraceDb } from './open.ts';
import { episodes, scores, steps } from './schema.ts';
import type { EpisodeQuery, StepRow, TraceReader } from './types.ts';
import { inList } from './in-list.ts';

const isToolStep = eq(steps.kind, 'tool');

/** Counts rows where `condition` holds; 0 (not null) over no rows. */
function countWhere(condition: SQL) {
  return sql<number>`coalesce(sum(${condition}), 0)`.mapWith(Number);
}

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
  // Prepared once: trajectories are read back per episode (Langfuse export, optimizer),
  // and building a drizzle query costs more than running it.
  const episodeId = sql.placeholder('episodeId');
  const trajectoryQueries = {
    episode: db.select().from(episodes).where(eq(episodes.id, episodeId)).prepare(),
    steps: db.select().from(steps).where(eq(steps.episodeId, episodeId)).orderBy(asc(steps.seq)).prepare(),
    scores: db.select().from(scores).where(eq(scores.episodeId, episodeId)).orderBy(asc(scores.id)).prepare(),
  };
  const scoreTotals = prepareScoreTotals(db);
  return {
    listEpisodes(q) {
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
    },

    getTrajectory(episodeId) {
      const episode = trajectoryQueries.episode.get({ episodeId });
      if (!episode) return undefined;
      return { episode, steps: trajectoryQueries.steps.all({ episodeId }).map(stepOf), scores: trajectoryQueries.scores.all({ episodeId }) };
    },

    toolSelectionCounts(runId) {
      const calls = count();
      return db
        .select({
          // tool steps always have server and tool set
          server: sql<string>`${steps.server}`,
          tool: sql<string>`${steps.tool}`,
          calls,
          errors: countWhere(eq(steps.isError, true)),
        })
        .from(steps)
        .innerJoin(episodes, eq(steps.episodeId, episodes.id))
        .where(and(eq(episodes.runId, runId), isToolStep))
        .groupBy(steps.server, steps.tool)
        .orderBy(desc(calls), asc(steps.server), asc(steps.tool))
        .all();
    },

    runSummary(runId) {
      const totals = db
        .select({
          episodes: count(),
          completed: countWhere(eq(episodes.status, 'completed')),
          errors: countWhere(eq(episodes.status, 'error')),
          successes: countWhere(eq(episodes.success, true)),
        })
        .from(episodes)
        .where(eq(episodes.runId, runId))
        .get();
      const tools = db
        .select({ toolCalls: count() })
        .from(steps)
        .innerJoin(episodes, eq(steps.episodeId, episodes.id))
        .where(and(eq(episodes.runId, runId), isToolStep))
        .get();
      return {
        episodes: totals?.episodes ?? 0,
        completed: totals?.completed ?? 0,
        errors: totals?.errors ?? 0,
        successes: totals?.successes ?? 0,
        toolCalls: tools?.toolCalls ?? 0,
      };
    },

    scoreTotals(runId) {
      return scoreTotals.all({ runId });
    },

    toolResults({ server, tools, limit = 500, chars }) {
      // by tool first when the tools are known: steps_tool_idx then finds them without a scan
      const conditions = [isToolStep, eq(steps.server, server), eq(steps.isError, false), isNotNull(steps.resultText)];
      if (tools !== undefined) conditions.push(inList(steps.tool, tools));
      // Cut in SQL before grouping, so the rows handed over and the rows grouped hold the prefixes only: grouping the
      // steps themselves sorted their whole texts (26 results of 9 MB took lint past 2 GB). A LIMIT on the subquery (one
      // it never reaches) keeps SQLite from flattening it into the grouping query, which would sort the whole texts again.
      const cut = db
        .select({ text: sql<string>`substr(${steps.resultText}, 1, ${chars})`.as('text'), id: steps.id })
        .from(steps)
        .where(and(...conditions))
        .limit(Number.MAX_SAFE_INTEGER)
        .as('cut');
      return db
        .select({ text: cut.text })
        .from(cut)
        .groupBy(sql`${cut.text}`)
        .orderBy(desc(sql`max(${cut.id})`))
        .limit(limit)
        .all()
        .map((r) => r.text);
    },
  };
}

/**
 * Per score name: rows and sum over the run's episodes. Each row gets its place in listEpisodes order
 * (newest episode first, then the episode's scores in insertion order) so that names keep the order of
 * their first appearance, which run reports show (e.g. ties between first choices).
 */
function prepareScoreTotals(db: TraceDb) {
  const placed = db.$with('placed').as(
    db
      .select({
        name: scores.name,
        value: scores.value,
        place: sql<number>`row_number() OVER (ORDER BY ${episodes.startedAt} DESC, ${episodes}.rowid DESC, ${scores.id})`.as('place'),
      })
      .from(scores)
      .innerJoin(episodes, eq(scores.episodeId, episodes.id))
      .where(eq(episodes.runId, sql.placeholder('runId'))),
  );
  return db
    .with(placed)
    .select({ name: placed.name, episodes: count(), sum: sql<number>`sum(${placed.value})`.mapWith(Number) })
    .from(placed)
    .groupBy(placed.name)
    .orderBy(sql`min(${placed.place})`)
    .prepare();
}
