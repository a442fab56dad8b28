// The use-for sentence as the use-for operators (operators/describe-use.ts, prune-use.ts, trim-use.ts) read
// and rewrite it: job words of the requests the tool served, by kind, never the requests' own lists.
import { proseList } from '../../../src/index.ts';
import { jobWords, listItems } from './phrasing.ts';
import { readUseSentence } from './sentence-forms.ts';
import { sentences } from './sentences.ts';

export const isUseSentence = (sentence: string) => readUseSentence(sentence) !== undefined;

interface UseFor {
  verbs: string[];
  /** what the verbs act on: the kind the description's first sentence names ("files"), or "things" */
  kind: string;
  nouns: string[];
}

export function readUseFor(text: string): UseFor {
  const parts = sentences(text)
    .map(readUseSentence)
    .find((p) => p !== undefined);
  if (parts === undefined) return { verbs: [], kind: describedKind(text), nouns: [] };
  return { verbs: parts.verbs === undefined ? [] : listItems(parts.verbs), kind: parts.kind ?? describedKind(text), nouns: listItems(parts.nouns ?? '') };
}

/** The first kind of thing the description says the tool works on: "files" of "Read a text file ...". */
function describedKind(text: string): string {
  return jobWords(sentences(text)[0] ?? '').nouns[0] ?? 'things';
}

/** "Use it when asked to read or pull up files such as logs and budgets." (either half may be missing) */
export function useSentence({ verbs, kind, nouns }: UseFor): string {
  if (verbs.length === 0) return nouns.length === 0 ? '' : `Use it for questions about ${proseList(nouns)}.`;
  return `Use it when asked to ${proseList(verbs, 'or')} ${kind}${nouns.length === 0 ? '' : ` such as ${proseList(nouns)}`}.`;
}
