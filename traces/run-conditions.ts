// Which suite conditions a run was recorded under, read from its settings. Runs made here store the values as
// `conditions` (a record); runs imported from Langfuse keep the label they were tagged with.
import { runSettings } from './run-settings.ts';
import type { RunRow } from './types.ts';

/** `injection=on,limit_in=token`: the names sorted, so equal settings give equal labels. */
export function conditionLabel(values: Readonly<Record<string, string>>): string | undefined {
  const entries = Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? undefined : entries.map(([name, value]) => `${name}=${value}`).join(',');
}

/** The run's condition label; undefined when the suite declares no conditions, the run predates them, or it is a proxy session. */
export function runCondition(run: Pick<RunRow, 'kind' | 'settings'>): string | undefined {
  const imported = runSettings(run, 'imported');
  if (imported !== undefined) return imported.condition;
  const conditions = runSettings(run, 'suite', 'experiment', 'optimize')?.conditions;
  return conditions === undefined ? undefined : conditionLabel(conditions);
}
