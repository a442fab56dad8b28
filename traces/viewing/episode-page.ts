// A run's episodes for `tdo view`: one page, filtered and ordered in SQL along the run's (run, task, repeat) index,
// so a page of a run of 100,000 episodes reads about a page of rows (bench/view.ts measures it).
import type Database from 'better-sqlite3';
import type { EpisodeListFilter, EpisodeListRow, Page, PageWindow, RunOutcomes } from './types.ts';
import { filterClause, pageOf, type Condition } from './filters.ts';
import type { RunSums } from './finished-runs.ts';

const EPISODE_CONDITIONS: Record<keyof EpisodeListFilter, Condition> = {
  failed: "e.status = 'completed' AND e.success = 0",
  errored: "e.status = 'error'",
  task: 'e.task_id = ?',
  split: 'e.split = ?',
  // steps_tool_idx (tool, episode_id): one lookup per episode
  tool: 'EXISTS (SELECT 1 FROM steps AS t WHERE t.tool = ? AND t.episode_id = e.id)',
};

const episodePageSql = (where: string) => `SELECT e.id, e.task_id AS taskId, e.split, e.repeat_index AS repeatIndex, e.status,
    e.success, e.feedback, e.started_at AS startedAt, e.finished_at AS finishedAt,
    (SELECT json_group_array(s.tool) FROM (SELECT tool FROM steps WHERE episode_id = e.id AND kind = 'tool' ORDER BY seq) AS s) AS tools
  FROM episodes AS e WHERE e.run_id = ? ${where.replace(/^WHERE/, 'AND')}
  ORDER BY e.task_id, e.repeat_index LIMIT ? OFFSET ?`;

interface StoredEpisodeRow extends Omit<EpisodeListRow, 'tools' | 'success'> {
  success: number | null;
  tools: string;
}

const OUTCOMES_SQL = `SELECT COUNT(*) AS episodes, COALESCE(SUM(status = 'completed' AND success IS NOT NULL), 0) AS judged,
  COALESCE(SUM(success = 1), 0) AS successes, COALESCE(SUM(status = 'error'), 0) AS errors, COALESCE(SUM(status = 'running'), 0) AS running
  FROM episodes WHERE run_id = ?`;

export function episodePageReader(sqlite: Database.Database, sums: RunSums) {
  const statements = new Map<string, Database.Statement<unknown[], StoredEpisodeRow>>();
  const outcomes = sqlite.prepare<[string], RunOutcomes>(OUTCOMES_SQL);
  return {
    episodePage(runId: string, filter: EpisodeListFilter, window: PageWindow): Page<EpisodeListRow> {
      const { where, values, key } = filterClause(EPISODE_CONDITIONS, filter);
      let statement = statements.get(key);
      if (statement === undefined) statements.set(key, (statement = sqlite.prepare<unknown[], StoredEpisodeRow>(episodePageSql(where))));
      const rows = statement.all(runId, ...values, window.limit + 1, window.offset);
      return pageOf(
        rows.map((row) => ({ ...row, success: row.success === null ? null : row.success === 1, tools: JSON.parse(row.tools) as string[] })),
        window,
      );
    },
    runOutcomes: (runId: string): RunOutcomes => sums(runId, 'outcomes', () => outcomes.get(runId)!),
  };
}
