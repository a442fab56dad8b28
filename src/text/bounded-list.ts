/** The most items of one list a message names; the rest are counted. */
export const MAX_LISTED = 10;
/** The characters of one item a message shows: names come from files and servers, of any length. */
const MAX_ITEM_CHARS = 64;

export interface BoundedListOptions {
  quoted?: boolean;
  /** how many items are shown before the rest are counted */
  max?: number;
  /** ', ' for a list in a sentence; a line break for one item a line (then "and K more" is a line of its own) */
  separator?: string;
  /** items longer than this are cut; sentences about an item, not names, pass Infinity */
  itemChars?: number;
}

/**
 * A list from a user or a peer as a message names it: "a, b, c and 99,990 more" past MAX_LISTED items, each item
 * cut to MAX_ITEM_CHARS. A refused import of 100,000 unknown tools printed every name (2 MB).
 */
export function boundedList(items: Iterable<string>, options: BoundedListOptions = {}): string {
  const { quoted = false, max = MAX_LISTED, separator = ', ', itemChars = MAX_ITEM_CHARS } = options;
  const all = [...items];
  const shown = all.slice(0, max).map((item) => {
    const cut = item.length > itemChars ? `${item.slice(0, itemChars)}…` : item;
    return quoted ? `"${cut}"` : cut;
  });
  const rest = all.length - shown.length;
  if (rest === 0) return shown.join(separator);
  return `${shown.join(separator)}${separator === ', ' ? ' ' : separator}and ${rest.toLocaleString('en-US')} more`;
}
