// A run's tool confusion from the sim's decisions: each records the tool it chose and, per labelled tool of its plan
// step, where that ranked (src/agents/sim/labelled.ts). Each decision counts once: under the labelled tool it chose
// when it chose one of them (a step may accept several tools), else under the step's first label.
import type Database from 'better-sqlite3';
import type { RunSums } from './finished-runs.ts';
import type { ToolConfusionCell } from './types.ts';

const DECISIONS_SQL = `SELECT json_extract(s.output, '$.chosen') AS chosen,
    (SELECT json_group_array(json_array(json_extract(l.value, '$.label'), json_extract(l.value, '$.name'))) FROM json_each(s.output, '$.labelled') AS l) AS labels
  FROM episodes AS e JOIN steps AS s ON s.episode_id = e.id
  WHERE e.run_id = ? AND s.kind = 'model' AND s.model = 'sim' AND json_valid(s.output) AND json_array_length(s.output, '$.labelled') > 0`;

export function toolConfusionReader(sqlite: Database.Database, sums: RunSums) {
  const decisions = sqlite.prepare<[string], { chosen: string | null; labels: string }>(DECISIONS_SQL);
  return {
    toolConfusion: (runId: string): ToolConfusionCell[] =>
      sums(runId, 'confusion', () => {
        const cells = new Map<string, ToolConfusionCell>();
        for (const { chosen, labels } of decisions.iterate(runId)) {
          // each label with the catalogue name of the tool it matched (null when none did)
          const labelled = JSON.parse(labels) as Array<[string, string | null]>;
          const row = (labelled.find(([, name]) => name !== null && name === chosen) ?? labelled[0]!)[0];
          const key = JSON.stringify([row, chosen]);
          const cell = cells.get(key) ?? { labelled: row, chosen, decisions: 0 };
          cell.decisions++;
          cells.set(key, cell);
        }
        return [...cells.values()].sort((a, b) => a.labelled.localeCompare(b.labelled) || b.decisions - a.decisions);
      }),
  };
}
