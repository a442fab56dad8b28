// The run list of `tdo view`: a page of runs, newest first, each with its episodes' outcomes counted for that
// page's runs only (kept once a run is finished: finished-runs.ts).
import type Database from 'better-sqlite3';
import type { Page, PageWindow, RunFacets, RunListFilter, RunListRow, RunOutcomes } from './types.ts';

type RunRowOfList = Omit<RunListRow, 'outcomes'>;
import { filterClause, pageOf, type Condition } from './filters.ts';

const RUN_CONDITIONS: Record<keyof RunListFilter, Condition> = {
  kind: 'r.kind = ?',
  suite: 'r.suite_name = ?',
  status: 'r.status = ?',
  agent: 'r.agent_id = ?',
};

const runPageSql = (where: string) => `SELECT r.id, r.kind, r.status, r.suite_name AS suiteName, r.agent_id AS agentId, r.split,
    r.created_at AS createdAt, r.finished_at AS finishedAt
  FROM runs AS r ${where} ORDER BY r.created_at DESC, r.rowid DESC LIMIT ? OFFSET ?`;

/** `outcomes`: the run's episodes counted (episode-page.ts, kept once the run is finished). */
export function runPageReader(sqlite: Database.Database, outcomes: (runId: string) => RunOutcomes) {
  const statements = new Map<string, Database.Statement<unknown[], RunRowOfList>>();
  const facet = (column: string) => sqlite.prepare<[], string>(`SELECT DISTINCT ${column} FROM runs ORDER BY 1`).pluck();
  const facets = { kinds: facet('kind'), suites: facet('suite_name'), statuses: facet('status'), agents: facet('agent_id') };
  return {
    runPage(filter: RunListFilter, window: PageWindow): Page<RunListRow> {
      const { where, values, key } = filterClause(RUN_CONDITIONS, filter);
      let statement = statements.get(key);
      if (statement === undefined) statements.set(key, (statement = sqlite.prepare<unknown[], RunRowOfList>(runPageSql(where))));
      const page = pageOf(statement.all(...values, window.limit + 1, window.offset), window);
      return { ...page, rows: page.rows.map((run) => ({ ...run, outcomes: outcomes(run.id) })) };
    },
    runFacets(): RunFacets {
      return { kinds: facets.kinds.all(), suites: facets.suites.all(), statuses: facets.statuses.all(), agents: facets.agents.all() };
    },
  };
}
