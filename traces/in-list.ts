import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column IN (values)`, the values bound as one JSON array: a statement holds at most 32,766 variables, and a
 * description version may have more tools than that (drizzle's inArray binds one variable per value). The
 * subquery is a set SQLite looks each row up in, so an index on the column still serves it.
 */
export function inList(column: Column, values: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
