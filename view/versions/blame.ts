// Where each sentence of a search's winner came from: the candidate of the search's pool that first had it,
// walking the lineage back from the winner, and the change measured when that candidate joined the pool.
import type { OptimizerCandidateRow } from '../../traces/index.ts';
import { changedTools, type SearchRecord } from '../search/search-record.ts';

export interface BlamedSentence {
  tool: string;
  sentence: string;
  /** the candidate that added it; 0 when the seed already had it */
  candidate: number;
  iteration: number;
  /** its val score minus its first parent's, in points; null for the seed */
  valChange: number | null;
  /** its minibatch's sums before and after (the parent's, its own); null for the seed or a merge */
  minibatch: { before: number; after: number } | null;
  /** every tool whose text that step changed: the change measured is theirs together */
  changedWith: string[];
}

/** A description's sentences as written (a sentence ends with . ! or ? before a space). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Each sentence of the winner's descriptions with the candidate that added it. */
export function blameWinner(record: SearchRecord, winner: OptimizerCandidateRow): BlamedSentence[] {
  const byPosition = new Map(record.candidates.map((c) => [c.candidate, c]));
  /** The earliest candidate on a path of candidates holding the sentence, from `c` back. */
  const origin = (c: OptimizerCandidateRow, tool: string, sentence: string): OptimizerCandidateRow => {
    const holder = c.parents.map((p) => byPosition.get(p)).find((p) => p !== undefined && (p.descriptions[tool] ?? '').includes(sentence));
    return holder === undefined ? c : origin(holder, tool, sentence);
  };
  return Object.entries(winner.descriptions)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([tool, text]) => sentencesOf(text).map((sentence) => blamed(record, byPosition, tool, sentence, origin(winner, tool, sentence))));
}

function blamed(
  record: SearchRecord,
  byPosition: ReadonlyMap<number, OptimizerCandidateRow>,
  tool: string,
  sentence: string,
  added: OptimizerCandidateRow,
): BlamedSentence {
  const parent = added.parents[0] === undefined ? undefined : byPosition.get(added.parents[0]);
  const made = record.proposals.find((p) => p.child === added.candidate);
  const sum = (xs: readonly number[] | null | undefined) => xs?.reduce((s, v) => s + v, 0);
  const [before, after] = [sum(made?.scoresBefore), sum(made?.scoresAfter)];
  return {
    tool,
    sentence,
    candidate: added.candidate,
    iteration: added.iteration,
    valChange: parent === undefined ? null : (added.valMean - parent.valMean) * 100,
    minibatch: before === undefined || after === undefined ? null : { before, after },
    changedWith: parent === undefined ? [] : changedTools(parent.descriptions, added.descriptions),
  };
}
