// The run list of `tdo view`: a page of runs, newest first, each with its episodes' outcomes counted for that
// page's runs only.
import type Database from 'better-sqlite3';
import type { Page, PageWindow, RunFacets, RunListFilter, RunListRow } from './types.ts';
import { filterClause, pageOf, type Condition } from './filters.ts';

const RUN_CONDITIONS: Record<keyof RunListFilter, Condition> = {
  kind: 'r.kind = ?',
  suite: 'r.suite_name = ?',
  status: 'r.status = ?',
  agent: 'r.agent_id = ?',
};

const runPageSql = (where: string) => `WITH page AS (
    SELECT r.rowid AS row_order, r.id, r.kind, r.status, r.suite_name, r.agent_id, r.split, r.created_at, r.finished_at
    FROM runs AS r ${where} ORDER BY r.created_at DESC, r.rowid DESC LIMIT ? OFFSET ?)
  SELECT page.id, page.kind, page.status, page.suite_name AS suiteName, page.agent_id AS agentId, page.split,
    page.created_at AS createdAt, page.finished_at AS finishedAt, COUNT(e.id) AS episodes,
    COALESCE(SUM(e.status = 'completed' AND e.success IS NOT NULL), 0) AS judged, COALESCE(SUM(e.success = 1), 0) AS successes,
    COALESCE(SUM(e.status = 'error'), 0) AS errors
  FROM page LEFT JOIN episodes AS e ON e.run_id = page.id
  GROUP BY page.id ORDER BY page.created_at DESC, page.row_order DESC`;

export function runPageReader(sqlite: Database.Database) {
  const statements = new Map<string, Database.Statement<unknown[], RunListRow>>();
  const facet = (column: string) => sqlite.prepare<[], string>(`SELECT DISTINCT ${column} FROM runs ORDER BY 1`).pluck();
  const facets = { kinds: facet('kind'), suites: facet('suite_name'), statuses: facet('status'), agents: facet('agent_id') };
  return {
    runPage(filter: RunListFilter, window: PageWindow): Page<RunListRow> {
      const { where, values, key } = filterClause(RUN_CONDITIONS, filter);
      let statement = statements.get(key);
      if (statement === undefined) statements.set(key, (statement = sqlite.prepare<unknown[], RunListRow>(runPageSql(where))));
      return pageOf(statement.all(...values, window.limit + 1, window.offset), window);
    },
    runFacets(): RunFacets {
      return { kinds: facets.kinds.all(), suites: facets.suites.all(), statuses: facets.statuses.all(), agents: facets.agents.all() };
    },
  };
}
