// The sentences that send requests to another tool of the server: the not-for sentence
// (operators/state-not-for.ts) and the pointer sentences (operators/point-to-sibling.ts).
import { listItems } from './phrasing.ts';
import { sentences } from './sentences.ts';

const NOT_FOR_SENTENCE = /^It does not [^;]*; use (.+?) instead\.$/;
export const isNotForSentence = (sentence: string) => NOT_FOR_SENTENCE.test(sentence);
/** "To delete tasks, use delete_tasks instead.": what a sibling's name says it does, and that this tool is not it. */
const POINTER_SENTENCE = /^To [^,;]*, use (\S+) instead\.$/;
export const isPointerSentence = (sentence: string) => POINTER_SENTENCE.test(sentence);

/** The tools the description's (first) not-for sentence sends requests to. */
export function notForTools(text: string): string[] {
  const notFor = sentences(text)
    .map((s) => NOT_FOR_SENTENCE.exec(s)?.[1])
    .find((m) => m !== undefined);
  return listItems(notFor ?? '');
}

/** The tools the description's not-for and pointer sentences already send requests to. */
export function namedInsteadOf(text: string): string[] {
  const pointers = sentences(text).flatMap((s) => POINTER_SENTENCE.exec(s)?.[1] ?? []);
  return [...notForTools(text), ...pointers];
}
