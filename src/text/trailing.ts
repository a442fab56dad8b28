// Trailing punctuation trimmed by index. A pattern such as /[.!?]+$/ tries every run of those characters, wherever it
// stands, up to the run's end, so a text of many such runs took seconds (issue 34, finding 3); this reads the end once.

const WHITE_SPACE = /\s/;

/** `text` without the characters of `chars` it ends with (and white space too, with `whitespace`). */
export function trimTrailing(text: string, chars: string, options: { whitespace?: boolean } = {}): string {
  let end = text.length;
  while (end > 0) {
    const char = text[end - 1]!;
    if (!chars.includes(char) && !(options.whitespace === true && WHITE_SPACE.test(char))) break;
    end--;
  }
  return text.slice(0, end);
}
