/**
 * search-keyword-stuffing. Under deferred tool loading (docs/tool-search.md) a description is first search
 * text: a host ranks it against the model's query (BM25 over name, description and arguments) and offers
 * only the top few tools. A description can then buy its way into the results with words no sentence needs:
 * a "Keywords: ..." or "Synonyms: ..." line, a long run of comma-separated words glued into a sentence, one
 * word said over and over, or the names of the server's other tools, so that their queries find it. Each is
 * what stuffing task words into a use-for list is under full listing (task-word-list), and is flagged the same
 * way. The thresholds were set against the captured third-party catalogues (experiments/shipped/catalogs/), the BFCL
 * functions and the tool-preferences originals, none of which trips them
 * (test/experiments/review/lint/stuffing.test.ts).
 */
import { english, terms } from '../../../src/index.ts';
import { sentencesOf } from './sentences.ts';

export interface Stuffing {
  /** the text that triggered it, as written */
  phrase: string;
  /** what was stuffed, in the lint's words */
  what: string;
}

/** A line or sentence that opens with a label for search words, whatever follows it. */
const SEARCH_LABEL =
  /^(?:search (?:keywords|terms|tags)|keywords?|key words|tags|aliases|synonyms|also known as|related (?:terms|words|keywords)|search for)\s*:/i;
/** Runs of this many comma-separated items or more in one sentence read as a word dump. */
const MIN_LIST_ITEMS = 8;
/** An item of a dump: one or two words, the last of the run perhaps after "and" or "or" ("drafts and invoices"). */
const LIST_ITEM = /^(?:(?:and|or) )?[\p{L}][\p{L}'’-]*(?: (?:(?:and|or) )?[\p{L}][\p{L}'’-]*)?$/u;
/** Items this short are codes (units, formats): an enumeration of values, not a dump. */
const MAX_CODE_LENGTH = 3;
/** A run inside a sentence is still a dump when this many of its items repeat a word of the name or of another item. */
const MIN_REPEATED_ITEMS = 2;
/**
 * This many content words in a row, with no function word or punctuation between, are keywords: the longest such run
 * in the 17,900 sentences of the 2,725 descriptions the lint's tests read (test/experiments/review/lint/: the careful
 * descriptions, the captured catalogues with BFCL's and ToolE's, and every tool-preferences text, edits included) is
 * 8 words, in "Calculate magnetic field strength using Ampere's Circuital Law".
 */
const MIN_BARE_RUN = 9;
/** A term said this often, and making up this share of the description's terms, is repeated for the ranking. */
const MIN_REPEATS = 10;
const MIN_REPEATED_SHARE = 0.25;
/** Listing this many of the server's other tools makes the description found by their queries. */
const MIN_SIBLING_NAMES = 3;

function keywordLines(sentences: readonly string[]): Stuffing[] {
  return sentences.filter((s) => SEARCH_LABEL.test(s)).map((s) => ({ phrase: s, what: 'a line of search keywords' }));
}

interface ListRun {
  items: string[];
  /** the sentence's text before the run and after it */
  before: string;
  after: string;
}

/**
 * The longest run of list items in a sentence's comma-separated parts, with what stands around it. The run is kept as
 * its first and last part, so a long list is read once, not copied at each item.
 */
function longestRun(body: string): ListRun {
  const parts = body.split(',');
  // the run's first item is the end of the clause before it: its last word
  const items = parts.map((raw, i) => (i === 0 ? raw.trim().split(/\s+/).at(-1)! : raw.trim()).replace(/^["'“‘]|["'”’]$/g, ''));
  let best = { first: 0, last: -1 };
  let first = 0;
  for (const [i, item] of items.entries()) {
    if (!LIST_ITEM.test(item)) first = i + 1;
    else if (i - first > best.last - best.first) best = { first, last: i };
  }
  const lead = best.first === 0 ? parts[0]!.trim().split(/\s+/).slice(0, -1).join(' ') : parts.slice(0, best.first).join(',');
  return { items: items.slice(best.first, best.last + 1), before: lead, after: parts.slice(best.last + 1).join(',') };
}

/**
 * Whether a list stands in a sentence: something outside it has a verb ("Use it for ...", "Reads notes, ...") and
 * is more than a label before a colon ("Use it for: a, b, c" is a list that is the whole sentence). compromise tags
 * the verbs (docs/libraries.md).
 */
function inSentence(run: ListRun): boolean {
  const label = /^[^:]{1,40}:$/.test(run.before.trim()) && run.after.trim() === '';
  return !label && english()(`${run.before} ${run.after}`).has('#Verb');
}

/** Items that repeat a word of the tool's name or of an item before them ("calculator, math, ..., maths"). */
function repeatedItems(items: readonly string[], self: string): number {
  const seen = new Set(terms(self));
  let repeated = 0;
  for (const item of items) {
    const own = terms(item);
    if (own.some((t) => seen.has(t))) repeated++;
    for (const t of own) seen.add(t);
  }
  return repeated;
}

/**
 * A run of list items that is a word dump: long enough, not codes, and either not inside a sentence or repeating
 * words. A sentence that lists the kinds of input a tool handles ("to open, pull up, look at, check or go through
 * notes, a memo, meeting minutes, a log, ...") passes; the same words as a sentence of their own, or after a
 * label, do not.
 */
function wordDump(sentence: string, self: string): string[] | undefined {
  const run = longestRun(sentence.replace(/[.!?;:]+$/, ''));
  const items = run.items;
  if (items.length < MIN_LIST_ITEMS) return undefined;
  const codes = items.filter((w) => w.replace(/^(?:and|or) /, '').length <= MAX_CODE_LENGTH).length;
  if (2 * codes >= items.length) return undefined;
  return inSentence(run) && repeatedItems(items, self) < MIN_REPEATED_ITEMS ? undefined : items;
}

function wordDumps(sentences: readonly string[], self: string): Stuffing[] {
  return sentences.flatMap((s) => {
    const dump = wordDump(s, self);
    return dump === undefined ? [] : [{ phrase: dump.join(', '), what: `a run of ${dump.length} comma-separated words` }];
  });
}

/** A word of prose: letters, perhaps an apostrophe or hyphen, no inner capital (identifiers and acronyms break a run). */
const PROSE_WORD = /^\p{L}[\p{Ll}'’-]*$/u;

/**
 * The longest run of content words in a sentence with no function word or punctuation between them: "calculator
 * math sum add total maths arithmetic compute numbers best fast" is a line of keywords, not English.
 */
function bareRun(sentence: string): string[] {
  const words = sentence.split(/\s+/);
  let best = { first: 0, last: -1 };
  let first = 0;
  for (const [i, token] of words.entries()) {
    const word = token.replace(/[.,;:!?]+$/, '');
    words[i] = word;
    if (!PROSE_WORD.test(word) || terms(word).length === 0) first = i + 1;
    else if (i - first > best.last - best.first) best = { first, last: i };
    // punctuation after a word ends the run there
    if (word !== token) first = i + 1;
  }
  return words.slice(best.first, best.last + 1);
}

function keywordRuns(sentences: readonly string[]): Stuffing[] {
  return sentences.flatMap((s) => {
    const run = bareRun(s);
    return run.length < MIN_BARE_RUN ? [] : [{ phrase: run.join(' '), what: `${run.length} keywords in a row with no sentence around them` }];
  });
}

function repeatedTerms(text: string): Stuffing[] {
  const all = terms(text);
  const counts = new Map<string, number>();
  for (const t of all) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n >= MIN_REPEATS && n >= MIN_REPEATED_SHARE * all.length)
    .map(([term, n]) => ({ phrase: term, what: `"${term}" said ${n} times in ${all.length} words` }));
}

/** A tool name no prose word is: it has a separator, a digit or an inner capital ("read_file", "getUser"). */
const IDENTIFIER = /[_.\-\d]|\p{Ll}\p{Lu}/u;
/** What may stand between two names of a list: commas, quotes, "and", "or". */
const LIST_GAP = /^[\s,'"`’”]*(?:(?:and|or)[\s'"`‘“]*)?$/;

/**
 * What sends requests to the names after it: "to add, change or remove rows prefer insert-record, update-record or
 * delete-record", "writes go to insert-record, ...". Such a list says which tool does what, not words for a search.
 */
const POINTED_AT = /\b(?:use|call|try|prefer|see|go(?:es)? to|(?:is|are) sent to)\s*[`'"‘“]?$/i;

/** A word as a tool name can be written: letters, digits, "_", "." and "-" (a sentence's final period trimmed after). */
const NAME_TOKEN = /[\p{L}\p{N}_.-]+/gu;
// A catalogue hands every tool of a server the same list: each list is read into a set once.
const nameSets = new WeakMap<readonly string[], Set<string>>();

function identifierNames(tools: readonly string[]): Set<string> {
  let names = nameSets.get(tools);
  if (names === undefined) nameSets.set(tools, (names = new Set(tools.filter((t) => IDENTIFIER.test(t)))));
  return names;
}

/** The longest run of the server's other tools named one after another, as a list (not in sentences of their own). */
function siblingNames(text: string, tools: readonly string[], self: string): Stuffing[] {
  const names = identifierNames(tools);
  const found = [...text.matchAll(NAME_TOKEN)].flatMap((m) => {
    const name = m[0].replace(/[.-]+$/, '');
    return name !== self && names.has(name) ? [{ name, start: m.index, end: m.index + name.length }] : [];
  });
  let best: string[] = [];
  let run: typeof found = [];
  for (const hit of found) {
    const last = run.at(-1);
    run = last !== undefined && LIST_GAP.test(text.slice(last.end, hit.start)) ? [...run, hit] : [hit];
    const names = [...new Set(run.map((r) => r.name))];
    if (names.length > best.length && !POINTED_AT.test(text.slice(0, run[0]!.start))) best = names;
  }
  return best.length < MIN_SIBLING_NAMES ? [] : [{ phrase: best.join(', '), what: `a list of ${best.length} other tools' names` }];
}

/**
 * The search words stuffed into a description. `tools` are the server's tool names and `self` this tool's;
 * `listed` are sentences task-word-list already flagged, which are not reported twice.
 */
export function searchStuffing(text: string, tools: readonly string[], self: string, listed: readonly string[] = []): Stuffing[] {
  const sentences = sentencesOf(text).filter((s) => !listed.some((l) => s.includes(l)));
  return [...keywordLines(sentences), ...wordDumps(sentences, self), ...keywordRuns(sentences), ...repeatedTerms(text), ...siblingNames(text, tools, self)];
}
