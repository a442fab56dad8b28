import { BoundedMap, memoized } from './memo.ts';
import type { SimParams } from './params.ts';
import { wordVectors } from './vectors/vectors.ts';

/**
 * Relevance by meaning rather than by shared words, from pretrained word vectors (vectors/vectors.ts),
 * in the manner of BERTScore (Zhang et al. 2020) with static vectors. Recall: each intent word is
 * aligned with its closest word of the tool; precision: each word of the tool with its closest intent
 * word. Closeness is the cosine raised to `exponent`, so that loosely related pairs (GloVe cosines of
 * 0.3-0.5) count little, and a word of the tool's name counts `nameWeight` times. Words are weighted by
 * SIF (Arora et al. 2017), a / (a + p(w)), with p(w) estimated from the word's frequency rank by Zipf's
 * law, which makes the weight rank / (rank + halfWeightRank): "help" or "tool" count little, "triangle"
 * fully. Recall sums the weighted intent words and divides by their number, as SIF averages, so an intent
 * of frequent words gives little contrast. Both are taken relative to the catalogue's mean (for recall,
 * per intent word), so a word close to every tool says nothing and a tool of average meaning scores 0.
 */

/** Declared, with their defaults and bounds, in the sim's parameter schema (params.ts). */
export type SemanticParams = SimParams['semantic'];

/** A tool's content words, unstemmed: its name's, and the rest of its document's. */
export interface ToolWords {
  name: readonly string[];
  text: readonly string[];
}

/** A tool's distinct known words: their vectors (flattened), frequency ranks and whether the name has each. */
interface DocumentVectors {
  vectors: Float32Array;
  ranks: number[];
  fromName: boolean[];
  /** Per intent word (and exponent) met so far, its match with each of the tool's words. */
  matches: BoundedMap<string, Float64Array>;
}

// Catalogues and intent words repeat across steps and episodes; descriptions change only between versions.
const documents = new BoundedMap<string, DocumentVectors>(4096);
const MATCH_CACHE_LIMIT = 4096;

function documentVectors(words: ToolWords): DocumentVectors {
  return memoized(documents, `${words.name.join(' ')}\0${words.text.join(' ')}`, () => readDocument(words));
}

function readDocument(words: ToolWords): DocumentVectors {
  const table = wordVectors();
  const seen = new Set<string>();
  const vectors: Float32Array[] = [];
  const doc: DocumentVectors = { vectors: new Float32Array(0), ranks: [], fromName: [], matches: new BoundedMap(MATCH_CACHE_LIMIT) };
  for (const [list, fromName] of [
    [words.name, true],
    [words.text, false],
  ] as const) {
    for (const word of list) {
      const entry = seen.has(word) ? undefined : table.lookup(word);
      seen.add(word);
      if (entry === undefined) continue;
      vectors.push(entry.vector);
      doc.ranks.push(entry.rank);
      doc.fromName.push(fromName);
    }
  }
  doc.vectors = new Float32Array(vectors.length * table.dims);
  vectors.forEach((v, i) => doc.vectors.set(v, i * table.dims));
  return doc;
}

/** max(0, cosine)^exponent between the word and each of the tool's words. */
function matches(word: string, vector: Float32Array, doc: DocumentVectors, exponent: number): Float64Array {
  return memoized(doc.matches, `${exponent} ${word}`, () => cosines(vector, doc, exponent));
}

function cosines(vector: Float32Array, doc: DocumentVectors, exponent: number): Float64Array {
  const dims = vector.length;
  const row = new Float64Array(doc.ranks.length);
  for (let j = 0; j < row.length; j++) {
    let cos = 0;
    for (let d = 0, o = j * dims; d < dims; d++, o++) cos += vector[d]! * doc.vectors[o]!;
    row[j] = cos <= 0 ? 0 : Math.pow(cos, exponent);
  }
  return row;
}

function sif(rank: number, params: SemanticParams): number {
  return (rank + 1) / (rank + 1 + params.halfWeightRank);
}

/** Each tool's semantic relevance to the intent's content words; all 0 when no intent word is known. */
export function semanticScores(intentWords: readonly string[], tools: readonly ToolWords[], params: SemanticParams): number[] {
  const table = wordVectors();
  const intent = [...new Set(intentWords)].flatMap((word) => {
    const entry = table.lookup(word);
    return entry === undefined ? [] : [{ word, ...entry }];
  });
  if (intent.length === 0 || tools.length === 0) return tools.map(() => 0);
  const docs = tools.map(documentVectors);
  // recall[k][i]: intent word k's best weighted match in tool i.
  const recall = intent.map(() => new Float64Array(tools.length));
  const precision = docs.map((doc, i) => {
    const best = new Float64Array(doc.ranks.length);
    intent.forEach(({ word, vector }, k) => {
      const row = matches(word, vector, doc, params.exponent);
      let top = 0;
      for (let j = 0; j < row.length; j++) {
        const match = row[j]!;
        if (match > best[j]!) best[j] = match;
        const weighted = doc.fromName[j] ? match * params.nameWeight : match;
        if (weighted > top) top = weighted;
      }
      recall[k]![i] = top;
    });
    let matched = 0;
    let total = 0;
    doc.ranks.forEach((rank, j) => {
      const weight = sif(rank, params) * (doc.fromName[j] ? params.nameWeight : 1);
      matched += weight * best[j]!;
      total += weight;
    });
    return total === 0 ? 0 : matched / total;
  });
  const scores = tools.map(() => 0);
  intent.forEach(({ rank }, k) => {
    const weight = sif(rank, params);
    const row = recall[k]!;
    const mean = row.reduce((a, b) => a + b, 0) / tools.length;
    row.forEach((top, i) => (scores[i] = scores[i]! + weight * (top - mean)));
  });
  const meanPrecision = precision.reduce((a, b) => a + b, 0) / tools.length;
  return precision.map((p, i) => (1 - params.precisionShare) * (scores[i]! / intent.length) + params.precisionShare * (p - meanPrecision));
}
