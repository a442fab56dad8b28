/** The most items of one list a message names; the rest are counted. */
export const MAX_LISTED = 10;
/** The characters of one item a message shows: names come from files and servers, of any length. */
const MAX_ITEM_CHARS = 64;

/**
 * A list from a user or a peer as a message names it: "a, b, c and 99,990 more" past MAX_LISTED items, each item
 * cut to MAX_ITEM_CHARS. A refused import of 100,000 unknown tools printed every name (2 MB).
 */
export function boundedList(items: Iterable<string>, { quoted = false }: { quoted?: boolean } = {}): string {
  const all = [...items];
  const shown = all.slice(0, MAX_LISTED).map((item) => {
    const cut = item.length > MAX_ITEM_CHARS ? `${item.slice(0, MAX_ITEM_CHARS)}…` : item;
    return quoted ? `"${cut}"` : cut;
  });
  const rest = all.length - shown.length;
  return rest === 0 ? shown.join(', ') : `${shown.join(', ')} and ${rest.toLocaleString('en-US')} more`;
}
