// Which suite conditions a run was recorded under, read from its stored config. Runs made here store the
// values as `conditions` (a record); runs imported from Langfuse keep the label they were tagged with.
import * as z from 'zod';
import type { RunRow } from './types.ts';

const storedConditions = z.union([z.object({ conditions: z.record(z.string(), z.string()) }), z.object({ condition: z.string().min(1) })]);

/** `injection=on,limit_in=token`: the names sorted, so equal settings give equal labels. */
export function conditionLabel(values: Readonly<Record<string, string>>): string | undefined {
  const entries = Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? undefined : entries.map(([name, value]) => `${name}=${value}`).join(',');
}

/** The run's condition label; undefined when the suite declares no conditions or the run predates them. */
export function runCondition(run: Pick<RunRow, 'config'>): string | undefined {
  const parsed = storedConditions.safeParse(run.config);
  if (!parsed.success) return undefined;
  return 'conditions' in parsed.data ? conditionLabel(parsed.data.conditions) : parsed.data.condition;
}
