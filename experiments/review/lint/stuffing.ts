/**
 * search-keyword-stuffing. Under deferred tool loading (docs/tool-search.md) a description is first search
 * text: a host ranks it against the model's query (BM25 over name, description and arguments) and offers
 * only the top few tools. A description can then buy its way into the results with words no sentence needs:
 * a "Keywords: ..." or "Synonyms: ..." line, a long run of comma-separated words glued into a sentence, one
 * word said over and over, or the names of the server's other tools, so that their queries find it. Each is
 * what stuffing task words into a use-for list is under full listing (task-word-list), and is flagged the same
 * way. The thresholds were set against the captured third-party catalogues (experiments/catalogs/), the BFCL
 * functions and the tool-preferences originals, none of which trips them
 * (test/experiments/review/lint/stuffing.test.ts).
 */
import { terms } from '../../../src/index.ts';
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
/** A term said this often, and making up this share of the description's terms, is repeated for the ranking. */
const MIN_REPEATS = 10;
const MIN_REPEATED_SHARE = 0.25;
/** Listing this many of the server's other tools makes the description found by their queries. */
const MIN_SIBLING_NAMES = 3;

function keywordLines(sentences: readonly string[]): Stuffing[] {
  return sentences.filter((s) => SEARCH_LABEL.test(s)).map((s) => ({ phrase: s, what: 'a line of search keywords' }));
}

/** The longest run of list items in a sentence's comma-separated parts, when it is long enough and not codes. */
function wordDump(sentence: string): string[] | undefined {
  const parts = sentence.replace(/[.!?;:]+$/, '').split(',');
  let best: string[] = [];
  let run: string[] = [];
  for (const [i, raw] of parts.entries()) {
    // the run's first item is the end of the clause before it: its last two words
    const item = (i === 0 ? raw.trim().split(/\s+/).slice(-1).join(' ') : raw.trim()).replace(/^["'“‘]|["'”’]$/g, '');
    if (LIST_ITEM.test(item)) run.push(item);
    else run = [];
    if (run.length > best.length) best = [...run];
  }
  if (best.length < MIN_LIST_ITEMS) return undefined;
  const codes = best.filter((w) => w.replace(/^(?:and|or) /, '').length <= MAX_CODE_LENGTH).length;
  return 2 * codes >= best.length ? undefined : best;
}

function wordDumps(sentences: readonly string[]): Stuffing[] {
  return sentences.flatMap((s) => {
    const dump = wordDump(s);
    return dump === undefined ? [] : [{ phrase: dump.join(', '), what: `a run of ${dump.length} comma-separated words` }];
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
    if (names.length > best.length) best = names;
  }
  return best.length < MIN_SIBLING_NAMES ? [] : [{ phrase: best.join(', '), what: `a list of ${best.length} other tools' names` }];
}

/**
 * The search words stuffed into a description. `tools` are the server's tool names and `self` this tool's;
 * `listed` are sentences task-word-list already flagged, which are not reported twice.
 */
export function searchStuffing(text: string, tools: readonly string[], self: string, listed: readonly string[] = []): Stuffing[] {
  const sentences = sentencesOf(text).filter((s) => !listed.some((l) => s.includes(l)));
  return [...keywordLines(sentences), ...wordDumps(sentences), ...repeatedTerms(text), ...siblingNames(text, tools, self)];
}
