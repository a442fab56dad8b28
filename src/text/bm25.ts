/**
 * Okapi BM25 (Robertson & Zaragoza 2009) between a query and each document, with IDF taken over the
 * documents being scored: the sim's relevance (src/agents/sim/rank.ts) and the host's tool search
 * (src/catalogue/tool-search/bm25.ts) are the same measure. The IDF is the smoothed form ln(1 + (N - n + 0.5)/(n + 0.5)),
 * which stays positive when a term is in every document, so a two-tool catalogue still scores.
 */

export interface Bm25Params {
  k1: number;
  b: number;
}

/** Raw BM25 score of each document (each a list of terms) for the query terms. */
export function bm25Scores(queryTerms: readonly string[], documents: readonly (readonly string[])[], params: Bm25Params): number[] {
  const n = documents.length;
  if (n === 0) return [];
  const termCounts = documents.map(countTerms);
  const averageLength = documents.reduce((sum, d) => sum + d.length, 0) / n || 1;
  const uniqueQuery = [...new Set(queryTerms)];
  const idf = new Map(
    uniqueQuery.map((term) => {
      const containing = termCounts.filter((counts) => counts.has(term)).length;
      return [term, Math.log(1 + (n - containing + 0.5) / (containing + 0.5))];
    }),
  );
  return documents.map((doc, i) => {
    const counts = termCounts[i] ?? new Map<string, number>();
    const lengthNorm = params.k1 * (1 - params.b + (params.b * doc.length) / averageLength);
    return uniqueQuery.reduce((score, term) => {
      const tf = counts.get(term) ?? 0;
      return tf === 0 ? score : score + ((idf.get(term) ?? 0) * tf * (params.k1 + 1)) / (tf + lengthNorm);
    }, 0);
  });
}

function countTerms(doc: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of doc) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
