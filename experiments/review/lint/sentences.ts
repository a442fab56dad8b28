// A description's sentences as the lint reads them: split after a sentence's end or a semicolon, and at line breaks.
const SENTENCE = /(?<=[.!?;])\s+|\n+/;

export function sentencesOf(text: string): string[] {
  return text
    .split(SENTENCE)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
