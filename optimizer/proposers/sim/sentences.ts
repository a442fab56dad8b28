// A description as its sentences and the whitespace between them, so that the sim proposer's edits end
// the sentence they follow whatever the seed's punctuation, and keep its paragraphs and lists. Third-party
// seeds often end without a period ("Read the entire task board"); a sentence added after one with a
// bare space reads as a run-on ("... task board Use it when ..."), which `tdo lint` flags (run-on-sentence).
import { trimTrailing } from '../../../src/index.ts';

interface Piece {
  text: string;
  /** the whitespace after it, as written */
  gap: string;
}

/**
 * A break after a sentence's end (closing quotes and brackets kept with it), or any line break. Each alternative
 * starts where its spaces do: looking behind at every character, or starting in a run of spaces, read the run of
 * quotes or spaces again at each of its characters (issue 34, finding 3).
 */
const BREAK = /((?=[ \t])(?<=[.!?]["'”’)\]]*)[ \t]+|(?:(?<![ \t])[ \t]+)?\n\s*)/;
/** A sentence's end: a full stop, question or exclamation mark, perhaps inside closing quotes or brackets. */
const ENDED = /[.!?]["'”’)\]]*$/;
/** A line that is no sentence to continue: a list item, a table row, a code fence or an indented block. */
const BLOCK_LINE = /^(?:\s*(?:[-*•+]|\d+[.)])\s|\s*\||\s*```|\s{4}|\t)/;
/** Ends that leave a sentence open: a clause's comma or semicolon, a colon introducing nothing. */
const OPEN_END = ',;:';

function pieces(text: string): Piece[] {
  const parts = text.trim().split(BREAK);
  const out: Piece[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    if (parts[i] !== '') out.push({ text: parts[i]!, gap: parts[i + 1] ?? '' });
  }
  return out;
}

function render(parts: readonly Piece[]): string {
  return parts
    .map((p, i) => (i === parts.length - 1 ? p.text : p.text + p.gap))
    .join('')
    .trim();
}

/** The description's sentences, and its lines that are not sentences (list items, lines without an end). */
export function sentences(text: string): string[] {
  return pieces(text).map((p) => p.text);
}

/** The sentence, ended: a period where it has none or ends open (a comma, semicolon or colon). */
export function ended(sentence: string): string {
  const trimmed = sentence.trimEnd();
  if (ENDED.test(trimmed)) return trimmed;
  const closed = trimTrailing(trimmed, OPEN_END);
  return `${closed === trimmed ? trimmed : closed.trimEnd()}.`;
}

/**
 * Adds a sentence after the text: after its last sentence, which is ended first; as a paragraph of its own
 * after a list, a table or code, where it would otherwise read as the last item.
 */
export function appendSentence(text: string, sentence: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return sentence;
  const lastLine = trimmed.split('\n').at(-1)!;
  if (BLOCK_LINE.test(lastLine)) return `${trimmed}\n\n${sentence}`;
  return `${trimmed.slice(0, trimmed.length - lastLine.length)}${ended(lastLine)} ${sentence}`;
}

/** Replaces the sentence at `index` with `sentence` ('' removes it), keeping the breaks around it. */
export function replaceSentence(text: string, index: number, sentence: string): string {
  const parts = pieces(text);
  if (sentence !== '') return render(parts.map((p, i) => (i === index ? { ...p, text: sentence } : p)));
  const kept = parts.filter((_, i) => i !== index);
  // the wider break of the two around the removed sentence stays: a paragraph's end outlives its last sentence
  const before = kept[index - 1];
  const gone = parts[index];
  if (before !== undefined && gone !== undefined && newlines(gone.gap) > newlines(before.gap)) kept[index - 1] = { ...before, gap: gone.gap };
  return render(kept);
}

/** Replaces the first sentence of the form `isForm` tells, or appends `sentence` when none is; '' removes it. */
export function setSentence(text: string, isForm: (sentence: string) => boolean, sentence: string): string {
  const at = sentences(text).findIndex(isForm);
  if (at < 0) return sentence === '' ? text : appendSentence(text, sentence);
  return replaceSentence(text, at, sentence);
}

function newlines(gap: string): number {
  return gap.split('\n').length - 1;
}
