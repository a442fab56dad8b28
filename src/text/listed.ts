/**
 * The first `shown` items joined, then "and N more" for the rest: a message that lists what a user or a peer
 * sent must stay readable however many items they sent.
 */
export function listedBounded(items: readonly string[], shown: number, separator = ', '): string {
  const head = items.slice(0, shown).join(separator);
  return items.length > shown ? `${head}${separator}and ${items.length - shown} more` : head;
}
