// A description's sentences as the lint reads them: split after a sentence's end or a semicolon, and at line breaks.
const SENTENCE = /(?<=[.!?;])\s+|\n+/;

export function sentencesOf(text: string): string[] {
  return text
    .split(SENTENCE)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A character `.` does not match. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const MAX_LABEL_LENGTH = 40;

/**
 * "Label: a, b, c" as /^([^:]{1,40}):\s*(.+)$/ read it, by index: the pattern tried every split of the white space
 * after the colon against the rest of the text (issue 34, finding 3).
 */
export function labelledList(body: string): { label: string; list: string } | undefined {
  const colon = body.indexOf(':');
  if (colon < 1 || colon > MAX_LABEL_LENGTH) return undefined;
  const list = body.slice(colon + 1).trimStart();
  return list === '' || LINE_TERMINATOR.test(list) ? undefined : { label: body.slice(0, colon), list };
}
