// The catalogue an episode of a search saw: its evaluation's candidate, by the content hash both record.
import type Database from 'better-sqlite3';
import type { ViewReader } from './types.ts';

const SQL = `SELECT r.server AS server, c.descriptions AS descriptions
  FROM optimizer_evaluations AS ev
  JOIN optimizer_runs AS r ON r.run_id = ev.run_id
  JOIN optimizer_candidates AS c ON c.run_id = ev.run_id AND c.candidate_hash = ev.candidate_hash
  WHERE ev.run_id = ? AND ev.ordinal = ? LIMIT 1`;

export function evaluationCatalogueReader(sqlite: Database.Database): Pick<ViewReader, 'evaluationCatalogue'> {
  const statement = sqlite.prepare<[string, number], { server: string; descriptions: string }>(SQL);
  return {
    evaluationCatalogue(runId, evaluation) {
      const row = statement.get(runId, evaluation);
      return row === undefined ? undefined : { server: row.server, descriptions: JSON.parse(row.descriptions) as Record<string, string> };
    },
  };
}
