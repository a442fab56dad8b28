import { wordVectors } from './vectors.ts';

/**
 * Whether a word is in the GloVe vectors' vocabulary (vectors.ts), and how common it is there: 0 for the
 * commonest word. Readers outside the sim agent ask this of the same vectors it reads (the sim proposer's
 * plurals, optimizer/proposers/sim/phrasing.ts).
 */
export function wordRank(word: string): number | undefined {
  return wordVectors().lookup(word)?.rank;
}
