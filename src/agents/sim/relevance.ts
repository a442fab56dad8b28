/**
 * Scores divided by the catalogue's best, so the best match is 1 and no match is 0 whatever the
 * catalogue's size or vocabulary: a relevance weight then means the same in every catalogue.
 */
export function normalizeByMax(scores: readonly number[]): number[] {
  const max = Math.max(0, ...scores);
  return scores.map((s) => (max === 0 ? 0 : s / max));
}
