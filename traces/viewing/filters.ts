// The WHERE clause of a filtered page: each filter given adds its fixed SQL condition and its value as a parameter,
// so the statement for one set of filters is prepared once and outside text is never spelled into SQL.

/** A filter's SQL condition with one `?` for its value; a switch's condition has none. */
export type Condition = string;

export function filterClause<F extends object>(conditions: Record<keyof F, Condition>, filter: F): { where: string; values: unknown[]; key: string } {
  const given = (Object.keys(conditions) as Array<keyof F>).filter((name) => filter[name] !== undefined && filter[name] !== false);
  const parts = given.map((name) => conditions[name]);
  const values = given.filter((name) => typeof filter[name] !== 'boolean').map((name) => filter[name]);
  return { where: parts.length === 0 ? '' : `WHERE ${parts.join(' AND ')}`, values, key: given.join(',') };
}

/** The page's rows from a read of one row more than the page: that row says only that more follow. */
export function pageOf<T>(rows: T[], window: { limit: number }): { rows: T[]; more: boolean } {
  return { rows: rows.slice(0, window.limit), more: rows.length > window.limit };
}
