/** How many characters of a caller's input an error text repeats: enough to recognise it, never megabytes. */
export const ECHO_LIMIT = 120;

/** The input as an error text quotes it: whole when short, else its start and a note of its full length. */
export function echoInput(input: string): string {
  if (input.length <= ECHO_LIMIT) return input;
  // Never end on half of a surrogate pair.
  const start = input.slice(0, ECHO_LIMIT).replace(/[\uD800-\uDBFF]$/, '');
  return `${start}... [${input.length} characters, cut]`;
}
