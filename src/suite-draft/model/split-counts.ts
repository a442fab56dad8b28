// How a tool's N drafted requests are spread over the splits: at least two in train, since the sim proposer
// names only jobs that come up in two train tasks or more (docs/suites.md, "The suite check"), and one or more
// in each held-out split, so that every tool is measured where the search never looked.
import type { Split } from '../../suite/schema.ts';
import type { SplitCounts } from '../traffic/splits.ts';

/** The fewest requests per tool that give train two and every other split one. */
export const MIN_REQUESTS_PER_TOOL = 5;

/** A fifth of the requests (at least one) in each of val, test and paraphrase; the rest, at least two, in train. */
export function toolSplitCounts(requests: number): SplitCounts {
  if (!Number.isInteger(requests) || requests < MIN_REQUESTS_PER_TOOL)
    throw new RangeError(`a tool needs at least ${MIN_REQUESTS_PER_TOOL} requests (two in train, one in each other split), not ${requests}`);
  const heldOut = Math.max(1, Math.floor(requests / 5));
  return { train: requests - 3 * heldOut, val: heldOut, test: heldOut, paraphrase: heldOut };
}

/** The split of the i-th task of a kind spread evenly (negatives, two-tool tasks): train, val, test, paraphrase in turn. */
export function splitInTurn(index: number): Split {
  const order: readonly Split[] = ['train', 'val', 'test', 'paraphrase'];
  return order[index % order.length]!;
}
