// English for the sim proposer's sentences: the job words of a request (its verbs and the head nouns of
// its noun phrases), and the inflections that turn them into prose. compromise tags the parts of speech,
// so names, places and numbers are told apart from the kinds of things a tool works on.
import type compromise from 'compromise';
import { english, wordRank } from '../../../src/index.ts';

type Doc = ReturnType<typeof compromise>;
/** compromise's tag() is typed as returning its base view; the document it returns has every method. */
const tagged = (text: string, tag: string): Doc => english()(text).tag(tag) as Doc;

export interface JobWords {
  /** base forms, phrasal verbs whole ("add up") */
  verbs: string[];
  /** head nouns, plural unless a mass noun: "logs" of "the road trip log"; units of measure as written ("grams", "Celsius") */
  nouns: string[];
}

/** Words that make a phrasal verb with the verb before them: "look at", "go through". */
const PARTICLES = new Set(['at', 'up', 'out', 'through', 'over', 'off']);
/** Verbs that say nothing about a job: asking, wanting, being. */
const EMPTY_VERBS = new Set([
  'be',
  'have',
  'do',
  'get',
  'give',
  'tell',
  'say',
  'need',
  'want',
  'know',
  'let',
  'make',
  'go',
  'see',
  'use',
  'like',
  'come',
  'take',
  'put',
  'help',
  'assist',
  'mean',
  'try',
  'ask',
  'think',
  'keep',
  'leave',
  'call',
]);
/** Nouns that name a request or an amount rather than a kind of thing. */
const EMPTY_NOUNS = new Set([
  'thing',
  'option',
  'way',
  'lot',
  'bit',
  'number',
  'value',
  'result',
  'answer',
  'question',
  'time',
  'one',
  'kind',
  'sort',
  'type',
  'part',
  'something',
  'anything',
  'everything',
  'total',
  'amount',
  'level',
]);

interface Term {
  normal: string;
  tags: string[];
}

function termsOf(text: string): Term[] {
  return (english()(text).json() as Array<{ terms: Term[] }>).flatMap((s) => s.terms);
}

const has = (t: Term | undefined, tag: string) => t?.tags.includes(tag) === true;
const isWord = (w: string) => /^\p{L}[\p{L}'-]*\p{L}$/u.test(w);
/** Proper nouns are instances (a person, a city), never kinds; capitalised words mid-sentence are too. */
const isInstance = (t: Term) => has(t, 'ProperNoun') || has(t, 'Person') || has(t, 'Place') || has(t, 'Possessive');

/** Parsing is the proposer's main cost and the same requests come back every iteration. */
const parsed = new Map<string, JobWords>();
const MAX_PARSED = 5000;

/** The job words of one request, in reading order, each once. */
export function jobWords(text: string): JobWords {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  const words = parseJobWords(text);
  if (parsed.size >= MAX_PARSED) parsed.clear();
  parsed.set(text, words);
  return words;
}

function parseJobWords(text: string): JobWords {
  // looking behind only where a capital stands: looking behind everywhere read each run of white space again at each of its characters
  const capitalised = new Set([...text.matchAll(/(?=\p{Lu})(?<=\S\s+)(\p{Lu}\p{Ll}+)/gu)].map((m) => m[1]!.toLowerCase()));
  const terms = termsOf(text);
  const verbs: string[] = [];
  const nouns: string[] = [];
  const units: string[] = [];
  terms.forEach((t, i) => {
    const next = terms[i + 1];
    if (has(t, 'Verb') && !has(t, 'Copula') && !has(t, 'Auxiliary') && !has(t, 'Modal') && !has(t, 'Gerund') && !has(t, 'Particle')) {
      const phrasal =
        has(next, 'Particle') || (has(t, 'PhrasalVerb') && has(next, 'PhrasalVerb')) || PARTICLES.has(next?.normal ?? '')
          ? `${t.normal} ${next!.normal}`
          : t.normal;
      const base = infinitive(phrasal);
      // "go" says nothing; "go through" does.
      if (isWord(base.split(' ')[0]!) && !EMPTY_VERBS.has(base)) verbs.push(base);
      return;
    }
    // The head of a noun phrase is its last noun: "log" in "road trip log".
    if (!has(t, 'Noun') || has(next, 'Noun') || isInstance(t) || has(t, 'Pronoun') || has(t, 'Value')) return;
    const noun = singular(t.normal);
    if (!isWord(noun) || noun.length <= 2 || EMPTY_NOUNS.has(noun)) return;
    if (has(t, 'Unit')) units.push(t.normal);
    else if (!capitalised.has(t.normal)) nouns.push(plural(noun));
  });
  return { verbs: [...new Set(verbs)], nouns: [...new Set([...nouns, ...units])] };
}

/** The base form of a verb, its particle kept: "looked at" -> "look at". */
function infinitive(verb: string): string {
  const [head, ...rest] = verb.split(' ');
  return [english()(head!).verbs().toInfinitive().text().toLowerCase() || head, ...rest].join(' ');
}

function singular(noun: string): string {
  return tagged(noun, 'Noun').nouns().toSingular().text().toLowerCase() || noun;
}

/** "reading" for "read", "adding up" for "add up". */
export function gerund(verb: string): string {
  const [head, ...rest] = verb.split(' ');
  const made = tagged(head!, 'Verb')
    .verbs()
    .toGerund()
    .text()
    .toLowerCase()
    .replace(/^(?:is|are|am) /, '');
  return [made || `${head}ing`, ...rest].join(' ');
}

/** "logs" for "log"; mass nouns stay as they are. */
export function plural(noun: string): string {
  const doc = tagged(noun, 'Noun');
  if (doc.has('#Uncountable')) return noun;
  const made = doc.nouns().toPlural().text().toLowerCase() || noun;
  // compromise pluralises mass nouns it does not list ("datas", "assistances"): a plural no text in the word
  // vectors' corpus holds is not one
  return wordRank(made) === undefined && wordRank(noun) !== undefined ? noun : made;
}

/** Splits "a, b and c" or "a or b" back into its items. */
export function listItems(prose: string): string[] {
  return (
    prose
      // " and " from the start of its white space only: from each of its characters, each read the run to its end
      .split(/,\s*|(?<!\s)\s+(?:and|or)\s+/)
      .map((s) => s.trim())
      .filter((s) => s !== '')
  );
}

/**
 * What a tool name says it does, when its words include a verb: "read files" for read_file, "add issue comments"
 * for add_issue_comment. The object is the name's whole noun phrase after the verb (up to a preposition: "add tasks"
 * of add_tasks_to_request), its last word made plural, or the words before the verb (convert units of
 * unit_convert); never one word cut out of it ("create pulls" of create_pull_request_review would be false).
 * A name whose object ends in a word that is no noun ("mark_task_done") or that has none names no job. After a prefix
 * that names the domain, a camel-case run starts with its verb and names its object (BookHouse in
 * Hotels_2_BookHouse), so such a run whose first word can be a verb gives the job before the rest of the name does.
 */
export function nameJob(name: string): string | undefined {
  const run = camelRun(name);
  if (run !== undefined) return job(run, 0);
  const parts = name
    .split(/[^\p{L}]+|(?<=\p{Ll})(?=\p{Lu})/u)
    .filter((p) => p !== '')
    .map((p) => p.toLowerCase());
  // a name starts with its verb when its first word can be one (open_task_details opens, it does not "detail")
  const verbAt = isVerbWord(parts[0] ?? '') ? 0 : parts.findIndex(isVerbWord);
  return verbAt < 0 ? undefined : job(parts, verbAt);
}

/**
 * Words a name uses for the tool itself, never for what it acts on: GiftTool gives gifts, it does not "gift tools",
 * and a sentence that said so would be nonsense a reviewer has to strike.
 */
const SELF_NAMES = new Set(['tool', 'tools', 'assistant', 'helper', 'service', 'plugin', 'api']);
/** Where a name's object ends: "add tasks" of add_tasks_to_request, "list directories" of list_directory_with_sizes. */
const PREPOSITIONS = new Set(['to', 'with', 'from', 'in', 'into', 'for', 'by', 'of', 'on', 'at', 'as', 'via', 'per', 'about']);
const CONJUNCTIONS = new Set(['or', 'and']);

/**
 * "read files": the verb at `at`, verbs joined to it ("create or update" of create_or_update_file), and its object:
 * the words after them up to a preposition, else the words before the verb, the last made plural. Undefined when
 * there is no object, or its last word is no noun.
 */
function job(words: readonly string[], at: number): string | undefined {
  const verbs = [infinitive(words[at]!)];
  let i = at + 1;
  while (CONJUNCTIONS.has(words[i] ?? '') && words[i + 1] !== undefined && isVerbWord(words[i + 1]!)) {
    verbs.push(words[i]!, infinitive(words[i + 1]!));
    i += 2;
  }
  const end = words.findIndex((w, j) => j >= i && PREPOSITIONS.has(w));
  const after = words.slice(i, end < 0 ? undefined : end);
  const object = (after.length > 0 ? after : words.slice(0, at)).filter((w) => !SELF_NAMES.has(w));
  if (object.length === 0 || !object.every((w) => isWord(w) && w.length > 1)) return undefined;
  const head = object.at(-1)!;
  // "done" of mark_task_done, "next" of a name ending in it: a state or a modifier, not what the verb acts on
  const tags = termsOf(head)[0];
  if (head.length <= 2 || ((has(tags, 'Adjective') || has(tags, 'Gerund')) && !has(tags, 'Noun'))) return undefined;
  return `${verbs.join(' ')} ${[...object.slice(0, -1), plural(head)].join(' ')}`;
}

/** Whether a word of a name can be a verb: "update" of create_or_update_file. */
function isVerbWord(word: string): boolean {
  return termsOf(`to ${word}`).some((t) => t.normal === word && has(t, 'Verb'));
}

/**
 * The words of the last camel-case run after a name's first segment ("book", "house" of Hotels_2_BookHouse) when
 * its first can be a verb; a name of one run (listDirectory, fileSearch) is read word by word as any other.
 */
function camelRun(name: string): string[] | undefined {
  const segments = name.split(/[^\p{L}]+/u).filter((segment) => segment !== '');
  const run = segments
    .slice(1)
    .filter((segment) => /\p{Ll}\p{Lu}/u.test(segment))
    .at(-1)
    ?.split(/(?<=\p{Ll})(?=\p{Lu})/u)
    .map((w) => w.toLowerCase());
  return run !== undefined && has(termsOf(run[0]!)[0], 'Infinitive') ? run : undefined;
}
