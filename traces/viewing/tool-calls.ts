// Each completed episode of a run with the tools it called in order, read in one pass along the steps' (episode,
// seq) index; a finished run's is kept (finished-runs.ts), since it reads every tool step of the run.
import type Database from 'better-sqlite3';
import type { RunSums } from './finished-runs.ts';
import type { EpisodeToolCalls } from './types.ts';

const TOOL_CALLS_SQL = `SELECT e.id AS episodeId, e.task_id AS taskId, s.server, s.tool
  FROM episodes AS e LEFT JOIN steps AS s ON s.episode_id = e.id AND s.kind = 'tool'
  WHERE e.run_id = ? AND e.status = 'completed' ORDER BY e.id, s.seq`;

interface CallRow {
  episodeId: string;
  taskId: string;
  server: string | null;
  tool: string | null;
}

export function toolCallsReader(sqlite: Database.Database, sums: RunSums) {
  const statement = sqlite.prepare<[string], CallRow>(TOOL_CALLS_SQL);
  return {
    runToolCalls: (runId: string): EpisodeToolCalls[] =>
      sums(runId, 'tool-calls', () => {
        const byEpisode = new Map<string, EpisodeToolCalls>();
        for (const row of statement.all(runId)) {
          const episode = byEpisode.get(row.episodeId) ?? { taskId: row.taskId, calls: [] };
          byEpisode.set(row.episodeId, episode);
          if (row.tool !== null) episode.calls.push({ server: row.server ?? '', tool: row.tool });
        }
        return [...byEpisode.values()];
      }),
  };
}
