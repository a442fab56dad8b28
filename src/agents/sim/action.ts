import type { SimParams } from './params.ts';
import { verbs } from './actions/verbs.ts';
import { isContentWord } from '../../text/words.ts';

/**
 * What a tool does to its object, read as the verbs of its name (delete_entities, createTask: MCP names carry the
 * action; a description's first verb was measured and left out, params.ts), against the verbs of the intent: the
 * action channel. Verbs
 * are compared in WordNet's verb hierarchy (actions/verbs.ts) by Wu & Palmer's similarity (1994), so synonyms and
 * siblings (delete ~ erase ~ remove) score high and verbs of unrelated hierarchies (add, remove) score 0, where
 * distributional vectors put antonyms close (semantic.ts). Direction counts against a tool: WordNet's antonym
 * pointers (forget / remember, connect / disconnect) and the reversive prefixes of morph-fitting (Vulić et al.
 * 2017: un-, dis-, de-, as in link / unlink, install / uninstall) for a prefixed verb WordNet does not list.
 */

/** Declared, with their defaults and bounds, in the sim's parameter schema (params.ts). */
export type ActionParams = SimParams['action'];

interface Action {
  lemma: string;
  /** A reversive prefix stripped off a verb WordNet does not list ("unlink"). */
  reversed: boolean;
  /** How surely the word is a verb: its lemma's share of verb uses. */
  weight: number;
}

const REVERSIVE_PREFIXES = ['un', 'dis', 'de'];

// WordNet's phrasal verbs have up to three words (get_rid_of).
const LONGEST_PHRASAL = 3;

/**
 * The verbs of a word sequence (as words() gives it), a phrasal verb (look for, tick off) read as one; a single
 * word counts only when it is a content word, so "do" or "be" is no action.
 */
function actionsIn(sequence: readonly string[], params: ActionParams): Action[] {
  const table = verbs();
  const found: Action[] = [];
  for (let i = 0; i < sequence.length; i++) {
    const phrasal = [LONGEST_PHRASAL, 2]
      .map((n) => ({ n, lemma: table.lemma(sequence[i]!, sequence.slice(i + 1, i + n)) }))
      .find(({ n, lemma }) => lemma !== undefined && i + n <= sequence.length);
    const action = phrasal === undefined ? (isContentWord(sequence[i]!) ? readAction(sequence[i]!) : undefined) : reading(phrasal.lemma!, false);
    if (phrasal !== undefined) i += phrasal.n - 1;
    if (action !== undefined && action.weight >= params.minVerbShare) found.push(action);
  }
  return found;
}

function reading(lemma: string, reversed: boolean): Action {
  return { lemma, reversed, weight: verbs().verbShare(lemma) };
}

function readAction(word: string): Action | undefined {
  const table = verbs();
  const lemma = table.lemma(word);
  if (lemma !== undefined) return reading(lemma, false);
  for (const prefix of REVERSIVE_PREFIXES) {
    const base = word.startsWith(prefix) ? table.lemma(word.slice(prefix.length)) : undefined;
    if (base !== undefined) return reading(base, true);
  }
  return undefined;
}

/** How well the tool's actions do the intent's action: its best agreement less its strongest opposition. */
function agreement(intent: Action, tool: readonly Action[], params: ActionParams): number {
  let agree = 0;
  let oppose = 0;
  for (const action of tool) {
    const closeness = Math.pow(verbs().similarity(intent.lemma, action.lemma, params.senses), params.exponent);
    const same = intent.reversed === action.reversed;
    const opposite = same ? (verbs().antonymous(intent.lemma, action.lemma, params.senses) ? 1 : 0) : closeness;
    agree = Math.max(agree, action.weight * (same ? closeness : 0));
    oppose = Math.max(oppose, action.weight * opposite);
  }
  return agree - params.opposition * oppose;
}

/**
 * Each tool's action score for the intent's content words, relative to the catalogue's mean per intent verb (so
 * a verb every tool does says nothing), each verb weighted by how surely it is one; the sum is divided by the
 * verbs' total weight, or by 1 when that is smaller, so an intent without a sure verb moves little.
 */
export function actionScores(intentWords: readonly string[], toolNames: readonly (readonly string[])[], params: ActionParams): number[] {
  const intent = actionsIn(intentWords, params);
  const scores = toolNames.map(() => 0);
  if (intent.length === 0 || toolNames.length === 0) return scores;
  const actions = toolNames.map((name) => actionsIn(name, params));
  // A tool whose action cannot be read is neither for nor against: it keeps 0, and the mean is over the others.
  const readable = actions.filter((a) => a.length > 0).length;
  if (readable === 0) return scores;
  let total = 0;
  for (const verb of intent) {
    const row = actions.map((tool) => (tool.length === 0 ? 0 : agreement(verb, tool, params)));
    const mean = row.reduce((a, b) => a + b, 0) / readable;
    row.forEach((value, i) => (scores[i] = actions[i]!.length === 0 ? scores[i]! : scores[i]! + verb.weight * (value - mean)));
    total += verb.weight;
  }
  return scores.map((s) => s / Math.max(1, total));
}
