/** "a", "a and b", "a, b and c" (with `or` for alternatives): how every sentence tdo writes names several things. */
export function proseList(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
