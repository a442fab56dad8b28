/** Characters of a line a note quotes; a longer line is cut and ends in "...". */
const MAX_BRIEF = 160;

/**
 * A long text (a tool's error, a seller's answer) as a note quotes it: its first line, trimmed and shortened. Only
 * that line is read: splitting a 5 MB result at every line break to keep the first made an array of all of them.
 */
export function brief(text: string): string {
  const end = text.indexOf('\n');
  const line = (end === -1 ? text : text.slice(0, end)).trim();
  return line.length > MAX_BRIEF ? `${line.slice(0, MAX_BRIEF - 3)}...` : line;
}
