/**
 * Counter-fitting (Mrkšić et al. 2016, "Counter-fitting Word Vectors to Linguistic Constraints", NAACL): moves
 * unit word vectors so that antonyms lie at least `delta` apart in cosine distance (antonym repel), synonyms
 * within `gamma` (synonym attract), and each pair of words closer than `rho` in the original space no farther
 * apart than it was (vector space preservation), by the reference implementation's update: per iteration, each
 * word moves by the mean of its terms' gradients times `step`, and every vector is renormalised. Build time only
 * (build.ts); the fitted values are in build.ts's header.
 */
export interface CounterFitParams {
  delta: number;
  gamma: number;
  rho: number;
  step: number;
  iterations: number;
}

/** Word indices into the matrix. */
export type Pair = readonly [number, number];

/**
 * `vectors` holds `count` unit vectors of `dims` components, row after row, and is changed in place. Only rows
 * named by a constraint move; their original neighbourhoods are searched among rows 0 .. `neighbourRows` - 1.
 */
export interface Constraints {
  synonyms: readonly Pair[];
  antonyms: readonly Pair[];
}

export function counterFit(vectors: Float32Array, dims: number, { synonyms, antonyms }: Constraints, neighbourRows: number, params: CounterFitParams): void {
  const preserved = neighbourPairs(vectors, dims, [...new Set([...synonyms, ...antonyms].flat())], neighbourRows, params.rho);
  const antonymKeys = new Set(antonyms.map(([a, b]) => pairKey(a, b)));
  const kept = preserved.filter(([a, b]) => !antonymKeys.has(pairKey(a, b)));
  for (let iteration = 0; iteration < params.iterations; iteration++) {
    const updates = new Map<number, { sum: Float64Array; count: number }>();
    const push = (word: number, from: number, to: number, sign: number) => {
      let u = updates.get(word);
      if (u === undefined) updates.set(word, (u = { sum: new Float64Array(dims), count: 0 }));
      // sign +1 moves `word` along (to - from): towards `to` when from is the word itself.
      for (let d = 0; d < dims; d++) u.sum[d]! += sign * (vectors[to * dims + d]! - vectors[from * dims + d]!);
      u.count++;
    };
    for (const [a, b] of antonyms) {
      if (distance(vectors, dims, a, b) >= params.delta) continue;
      push(a, b, a, 1);
      push(b, a, b, 1);
    }
    for (const [a, b] of synonyms) {
      if (distance(vectors, dims, a, b) <= params.gamma) continue;
      push(a, a, b, 1);
      push(b, b, a, 1);
    }
    for (const [a, b, original] of kept) {
      if (distance(vectors, dims, a, b) <= original) continue;
      push(a, a, b, 1);
      push(b, b, a, 1);
    }
    for (const [word, u] of updates) {
      const row = word * dims;
      for (let d = 0; d < dims; d++) vectors[row + d]! += (params.step * u.sum[d]!) / u.count;
      normalise(vectors, row, dims);
    }
  }
}

function pairKey(a: number, b: number): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

function distance(vectors: Float32Array, dims: number, a: number, b: number): number {
  let dot = 0;
  for (let d = 0; d < dims; d++) dot += vectors[a * dims + d]! * vectors[b * dims + d]!;
  return 1 - dot;
}

function normalise(vectors: Float32Array, row: number, dims: number): void {
  let norm = 0;
  for (let d = 0; d < dims; d++) norm += vectors[row + d]! ** 2;
  norm = Math.sqrt(norm);
  for (let d = 0; d < dims; d++) vectors[row + d]! /= norm;
}

/** Each constrained word's neighbours within `rho` among the first `rows` rows, with their original distance. */
function neighbourPairs(vectors: Float32Array, dims: number, words: readonly number[], rows: number, rho: number): Array<[number, number, number]> {
  const pairs: Array<[number, number, number]> = [];
  const seen = new Set<string>();
  for (const a of words) {
    for (let b = 0; b < rows; b++) {
      if (b === a) continue;
      const d = distance(vectors, dims, a, b);
      if (d >= rho || seen.has(pairKey(a, b))) continue;
      seen.add(pairKey(a, b));
      pairs.push([a, b, d]);
    }
  }
  return pairs;
}
