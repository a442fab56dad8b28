// What a run adds up to, computed in SQL (traces/reading.ts): tool calls per tool, the episodes' outcomes, the
// scores' totals, and the distinct results of a server's tools.
import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { inList } from './in-list.ts';
import type { TraceDb } from './open.ts';
import { episodes, scores, steps } from './schema.ts';
import type { RunSummary, ToolSelectionCount, TraceReader } from './types.ts';

const isToolStep = eq(steps.kind, 'tool');

/** Counts rows where `condition` holds; 0 (not null) over no rows. */
function countWhere(condition: SQL) {
  return sql<number>`coalesce(sum(${condition}), 0)`.mapWith(Number);
}

export function toolSelectionCounts(db: TraceDb, runId: string): ToolSelectionCount[] {
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
}

export function runSummary(db: TraceDb, runId: string): RunSummary {
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
}

/**
 * Per score name: rows and sum over the run's episodes. Each row gets its place in listEpisodes order
 * (newest episode first, then the episode's scores in insertion order) so that names keep the order of
 * their first appearance, which run reports show (e.g. ties between first choices).
 */
export function prepareScoreTotals(db: TraceDb) {
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

export function toolResults(db: TraceDb, { server, tools, limit = 500, chars }: Parameters<TraceReader['toolResults']>[0]): string[] {
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
}
